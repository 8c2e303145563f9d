import type { DomainEvent } from '../events/event-envelope';
import type { BugParticipants, UserRef } from './bug-participants';

/**
 * Flags on a bug and on its attachments are events of the bug's stream (`bug-<id>`):
 * decided by the flags service (`flags.decide`), appended by the bugs service with the
 * bug's own change, so that one user action is one append (docs/bug-stream-writes.md).
 * At most one FlagsChanged per target (the bug, or one attachment) and append.
 *
 * Names and logins are those of the moment the event was written: history, replies and
 * mail show what was set then; reads of current flags show current names.
 */
export const FLAG_STATUSES = ['?', '+', '-'] as const;
/** `?` requested, `+` granted, `-` denied; a cleared flag (`X` on input) no longer exists. */
export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** The flag's type as it was when the change was made; `ccList` is what the mailer copies. */
export interface FlagTypeRef {
  readonly id: number;
  readonly name: string;
  /** addresses of the type's cc_list, in its order */
  readonly ccList: readonly string[];
}

/** A flag as it stands before or after a change. */
export interface FlagValue {
  readonly type: FlagTypeRef;
  readonly status: FlagStatus;
  /** who set the current status (the requester of a `?`) */
  readonly setter: UserRef;
  readonly requestee: UserRef | null;
}

/**
 * Why a flag changed: `request` a caller's flag input; `bug-moved` the bug changed product or
 * component and the flag's type no longer applies (retargeted or cleared); `attachment-obsoleted`
 * a pending request cancelled because its attachment became obsolete; `flag-type-changed` a flag
 * type's scope narrowed or it stopped being specifically requestable (reconciliation). History
 * and `last_change_time` ignore `flag-type-changed`, as Bugzilla does.
 */
export const FLAG_CHANGE_REASONS = ['request', 'bug-moved', 'attachment-obsoleted', 'flag-type-changed'] as const;
export type FlagChangeReason = (typeof FLAG_CHANGE_REASONS)[number];

/** One flag's change: `before` null = created, `after` null = cleared. */
export interface FlagChange {
  readonly flagId: number;
  readonly reason: FlagChangeReason;
  readonly before: FlagValue | null;
  readonly after: FlagValue | null;
}

export interface FlagsChangedData {
  readonly bugId: number;
  /** null: flags of the bug itself */
  readonly attachmentId: number | null;
  /** the attachment's privacy after the change (null for bug flags): mail, history and activity hide private ones from non-insiders */
  readonly attachmentIsPrivate: boolean | null;
  /** who made the change: history's `who`, the setter of a cleared flag, the mail's changer */
  readonly changedBy: UserRef;
  /** ordered by type sort key, type name, flag id */
  readonly changes: readonly FlagChange[];
  /** who is involved with the bug after the change, for notification mail */
  readonly participants: BugParticipants;
}
export const FLAGS_CHANGED = 'FlagsChanged';

export type FlagsChanged = DomainEvent<typeof FLAGS_CHANGED, FlagsChangedData>;
