import type { AttachmentMutableFields } from '@tracker/contracts';
import type { LoggedInActor } from '../../rules/actor';
import type { BugRules } from '../../rules/bug-rules';
import type { FlagOutcome } from '../flags/flag-outcome';
import type { AttachmentFlagInputs } from './attachment-flags';

/** PUT /rest/bug/attachment/{id} for the attachments of one bug (bugs.attachments.update), in request order. */
export interface UpdateAttachments {
  readonly kind: 'UpdateAttachments';
  readonly actor: LoggedInActor;
  readonly attachmentIds: readonly number[];
  /** as given: the shared rules run here, per attachment, in Bugzilla's `set_all` order */
  readonly changes: Partial<AttachmentMutableFields>;
  /** null: no comment (absent or blank) */
  readonly comment: { readonly body: string; readonly isMarkdown: boolean } | null;
  /** one per attachment, for its "Comment on attachment N" */
  readonly commentIds: readonly number[];
  /** the bug's product, for the edit check */
  readonly rules: BugRules;
  /** `flags` and `bug_flags` as given */
  readonly flagInputs: AttachmentFlagInputs;
  /** the flags service's decision on them (absent when none was needed) */
  readonly flags?: FlagOutcome;
}
