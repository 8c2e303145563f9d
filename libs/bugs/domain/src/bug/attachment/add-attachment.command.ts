import type { AttachmentFields } from '@tracker/contracts';
import type { LoggedInActor } from '../../rules/actor';
import type { BugRules } from '../../rules/bug-rules';
import type { FlagOutcome } from '../flags/flag-outcome';
import type { AttachmentFlagInputs } from './attachment-flags';

/** POST /rest/bug/{id}/attachment for one bug, handed over by the comments service (bugs.attachments.add). */
export interface AddAttachment {
  readonly kind: 'AddAttachment';
  readonly actor: LoggedInActor;
  readonly attachmentId: number;
  readonly commentId: number;
  readonly attachment: AttachmentFields;
  readonly blob: { readonly sha256: string; readonly size: number };
  readonly comment: { readonly body: string; readonly isMarkdown: boolean };
  /** attachment ids as given */
  readonly obsoletes: readonly string[];
  /** the bug of each attachment id in `obsoletes` that exists anywhere (for Bugzilla's "attached to another bug") */
  readonly obsoleteOwners: Readonly<Record<string, number>>;
  /** the bug's product, for the edit check */
  readonly rules: BugRules;
  /** `flags` and `bug_flags` as given */
  readonly flagInputs: AttachmentFlagInputs;
  /** the flags service's decision on them (absent when none was needed) */
  readonly flags?: FlagOutcome;
}
