import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';
import type { CommentAddedData, CommentPrivacyChangedData, DescriptionFacts } from './bug-comment.events';
import type { BugParticipants, UserRef } from './bug-participants';
import type { FlagsChanged } from './bug-flag.events';
import type { AttachmentEvent } from './bug-attachment.events';

/**
 * The events of a bug's stream (`bug-<id>`), public so that the comments service and the
 * mailer can project them. Only the bugs service appends them. Field names follow the
 * REST API (`summary`, `platform`, `dupeOf`, ...).
 *
 * Users and named catalog objects are carried with the name they had when the event was
 * written: history shows those names (as Bugzilla's activity table does), the current
 * bug shows the current ones.
 */
export const BUG_STREAM_PREFIX = 'bug-';
export const bugStream = (bugId: number): string => `${BUG_STREAM_PREFIX}${bugId}`;

export interface NamedRef {
  readonly id: number;
  readonly name: string;
}

/** Custom field values: single values are strings, multi-selects arrays, bug-id fields numbers. */
export type CustomFieldValue = string | readonly string[] | number | null;

/** The single-valued fields of a bug. */
export interface BugScalarFields {
  readonly summary: string;
  readonly product: NamedRef;
  readonly component: NamedRef;
  readonly classification: string;
  readonly version: string;
  readonly targetMilestone: string;
  readonly status: string;
  readonly isOpen: boolean;
  /** '' while open */
  readonly resolution: string;
  /** Bugzilla's everconfirmed */
  readonly isConfirmed: boolean;
  readonly dupeOf: number | null;
  readonly priority: string;
  readonly severity: string;
  readonly platform: string;
  readonly opSys: string;
  readonly url: string;
  readonly whiteboard: string;
  readonly assignee: UserRef;
  readonly qaContact: UserRef | null;
  readonly isCcAccessible: boolean;
  readonly isCreatorAccessible: boolean;
  /** YYYY-MM-DD */
  readonly deadline: string | null;
  readonly estimatedTime: number;
  readonly remainingTime: number;
}

/** The multi-valued fields of a bug, in the order Bugzilla shows them. */
export interface BugListFields {
  readonly alias: readonly string[];
  readonly keywords: readonly string[];
  readonly seeAlso: readonly string[];
  readonly groups: readonly NamedRef[];
  readonly blocks: readonly number[];
  readonly dependsOn: readonly number[];
  readonly cc: readonly UserRef[];
}

export type BugFields = BugScalarFields &
  BugListFields & {
    /** every custom field of the installation, by its name (`cf_...`) */
    readonly customFields: Readonly<Record<string, CustomFieldValue>>;
  };

export interface ListDelta<T> {
  readonly added: readonly T[];
  readonly removed: readonly T[];
}

/** What one change set did: new values of the scalars that changed, deltas of the lists. */
export type BugChanges = Partial<BugScalarFields> & {
  readonly [K in keyof BugListFields]?: ListDelta<BugListFields[K][number]>;
} & {
  /** new values of the custom fields that changed */
  readonly customFields?: Readonly<Record<string, CustomFieldValue>>;
};

export interface BugCreatedData {
  readonly bugId: number;
  readonly reporter: UserRef;
  readonly fields: BugFields;
  /** comment 0 */
  readonly description: DescriptionFacts;
  readonly participants: BugParticipants;
}
export const BUG_CREATED = 'BugCreated';

/**
 * One change set by one user at one time (Bugzilla's bugs_activity rows of one update),
 * also written to the other bug of a dependency or duplicate change. `participants`
 * lets the mailer reach everyone involved before and after without a query.
 */
export interface BugUpdatedData {
  readonly bugId: number;
  readonly changedBy: UserRef;
  readonly changes: BugChanges;
  readonly participants: { readonly before: BugParticipants; readonly after: BugParticipants };
}
export const BUG_UPDATED = 'BugUpdated';

export type BugCreated = DomainEvent<typeof BUG_CREATED, BugCreatedData>;
export type BugUpdated = DomainEvent<typeof BUG_UPDATED, BugUpdatedData>;
export type CommentAdded = DomainEvent<'CommentAdded', CommentAddedData>;
export type CommentPrivacyChanged = DomainEvent<'CommentPrivacyChanged', CommentPrivacyChangedData>;

/**
 * The events of a bug's stream, the union the bug decider folds and every reader of the
 * stream handles. Attachment events (bug-attachment.events.ts) carry metadata only, never
 * bytes; FlagsChanged (bug-flag.events.ts) is decided by the flags service and
 * appended by bugs with the bug's own change (docs/bug-stream-writes.md).
 */
export type BugEvent = BugCreated | BugUpdated | CommentAdded | CommentPrivacyChanged | AttachmentEvent | FlagsChanged;

/** Every event a bug's stream may hold (the same union; kept for the stream type's readers). */
export type BugStreamEvent = BugEvent;

/** CommentAdded at schema version 1, before attachments (docs/events.md rule 2). */
export type CommentAddedDataV1 = Omit<CommentAddedData, 'attachmentNote'>;

/** CommentAdded v1 -> v2: `attachmentNote` (docs/attachments.md §5); older comments are no attachment's note. */
const commentAddedV2 = (data: unknown): CommentAddedData => ({ ...(data as CommentAddedDataV1), attachmentNote: null });

export const bugStreamType = streamType<BugStreamEvent>(BUG_STREAM_PREFIX, {
  BugCreated: [],
  BugUpdated: [],
  CommentAdded: [commentAddedV2],
  CommentPrivacyChanged: [],
  FlagsChanged: [],
  AttachmentCreated: [],
  AttachmentUpdated: [],
});
