import type { FlagsChangedData, FlagStatus } from '../bugs/bug-flag.events';
import type { UserRef } from '../bugs/bug-participants';
import type { BugAccessFacts } from '../bugs/bug-visibility.rules';
import type { ErrorData } from '../errors/domain-error';
import type { FlagInput } from './flag-input';

/**
 * The flag decision as a service call (docs/bug-stream-writes.md §2.2): the bugs service
 * asks, for every bug of a request, what the flag inputs do to the bug as it will be after
 * the change; flags adds what only it knows (types, groups, users) and runs the pure flag
 * decider. Nothing is appended by flags: bugs appends the events with the bug's own change.
 */
export const DECIDE_FLAGS_SUBJECT = 'flags.decide';

/** The bug after the change (before requestees join its CC list): who may see it, where it is. */
export interface FlagBugFacts extends BugAccessFacts {
  readonly productId: number;
  readonly componentId: number;
  /** the product or component changes now: flags whose type no longer applies are retargeted or cleared */
  readonly moved: boolean;
}

/** Every attachment of the bug, after the change. */
export interface FlagAttachmentFacts {
  readonly id: number;
  readonly creatorId: number;
  readonly isPrivate: boolean;
  readonly isObsolete: boolean;
  /** made obsolete by this change: its pending requests are cancelled */
  readonly becameObsolete: boolean;
  /** created by this change (its id is already allocated) */
  readonly isNew: boolean;
}

/** A flag as the bug's stream folds it (libs/bugs/domain bug-flags.state.ts). */
export interface CurrentFlag {
  readonly flagId: number;
  /** null: a flag of the bug itself */
  readonly attachmentId: number | null;
  readonly type: { readonly id: number; readonly name: string };
  readonly status: FlagStatus;
  readonly setter: UserRef;
  readonly requestee: UserRef | null;
}

/**
 * The flag inputs of one target, in the order Bugzilla applies them. `restrictToOwnFlags`:
 * the caller may not edit this attachment, so only flags they set or are asked for may change
 * (Bugzilla's flag-only attachment edit); `otherChanges`: fields came with the inputs.
 */
export interface FlagInputGroup {
  readonly attachmentId: number | null;
  readonly flags: readonly FlagInput[];
  readonly restrictToOwnFlags: boolean;
  readonly otherChanges: boolean;
}

/** `change`: a user's carrier; `reconcile`: a flag type narrowed or ended specific requests, only cleanup. */
export type FlagDecisionMode = 'change' | 'reconcile';

export interface FlagDecisionRequest {
  readonly bugId: number;
  readonly bug: FlagBugFacts;
  readonly attachments: readonly FlagAttachmentFacts[];
  readonly currentFlags: readonly CurrentFlag[];
  readonly inputs: readonly FlagInputGroup[];
  readonly mode: FlagDecisionMode;
}

export interface DecideFlagsParams {
  readonly bugs: readonly FlagDecisionRequest[];
}

/**
 * Where a refusal belongs in the carrier's validation order: `extract` resolving inputs to
 * flags and types (51, 132, 133), `rights` the flag-only attachment edit (32000), `apply`
 * setting them (50, 129, 130, 131, 134, 51 requestee, 32000).
 */
export type FlagDecisionStage = 'extract' | 'rights' | 'apply';

/** `flagtypes.name` of one target's change, for the reply. */
export interface FlagTargetChange {
  readonly attachmentId: number | null;
  readonly removed: string;
  readonly added: string;
}

export type FlagDecisionResult =
  | {
      readonly bugId: number;
      readonly ok: true;
      /** at most one per target; none when nothing changes */
      readonly events: readonly FlagsChangedData[];
      /** requestees newly asked who are not on the bug's CC list yet (Bugzilla's requestee_cc) */
      readonly ccToAdd: readonly UserRef[];
      readonly changes: readonly FlagTargetChange[];
    }
  | {
      readonly bugId: number;
      readonly ok: false;
      readonly stage: FlagDecisionStage;
      /** the input group refused (an index of the request's `inputs`) */
      readonly inputIndex: number;
      readonly error: ErrorData;
    };

export interface DecideFlagsResult {
  readonly bugs: readonly FlagDecisionResult[];
}
