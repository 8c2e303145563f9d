import { type BugEvent, DomainError, type FlagDecisionRequest } from '@tracker/contracts';
import { accessFactsOf } from '../bug-access';
import type { BugState, ExistingBug } from '../bug.state';
import type { FlagOutcome } from './flag-outcome';

/**
 * A flag type narrowed its scope or ended specific requests (docs/flags.md §2.5): the bug's
 * flags are brought in line, as the flags service decided on this very state (`flags.decide`
 * in `reconcile` mode, built by the handler after the stream is loaded). No history row, no
 * `last_change_time`: the FlagsChanged carries reason `flag-type-changed`.
 */
export interface ReconcileFlags {
  readonly kind: 'ReconcileFlags';
  /** undefined: the bug holds no flags, nothing to decide */
  readonly flags: FlagOutcome | undefined;
}

/** The question for the flags service: the bug as it is, all its flags and attachments, no inputs. */
export function reconcileRequest(bug: ExistingBug): FlagDecisionRequest {
  return {
    bugId: bug.bugId,
    bug: { ...accessFactsOf(bug), productId: bug.fields.product.id, componentId: bug.fields.component.id, moved: false },
    attachments: bug.attachments.map((attachment) => ({
      id: attachment.attachmentId,
      creatorId: attachment.creatorId,
      isPrivate: attachment.isPrivate,
      isObsolete: attachment.isObsolete,
      becameObsolete: false,
      isNew: false,
    })),
    currentFlags: bug.flags,
    inputs: [],
    mode: 'reconcile',
  };
}

/**
 * The decided FlagsChanged, appended as they are. A bug that does not exist has nothing to
 * reconcile (the flags read model only names bugs holding flags); a refusal cannot come from
 * a reconciliation, which has no inputs, and is passed on if it does.
 */
export function decideReconcileFlags(command: ReconcileFlags, state: BugState): readonly BugEvent[] | DomainError {
  if (!state.exists || command.flags === undefined) return [];
  if (!command.flags.ok) return new DomainError(command.flags.error);
  return command.flags.events.map((data) => ({ type: 'FlagsChanged', data }));
}
