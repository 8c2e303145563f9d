import type { FlagInput } from '../flags/flag-input';
import type { AttachmentFieldChange } from '../comments/attachment.wire';
import type { AttachmentMutableFields } from './bug-attachment.events';
import type { WrittenPosition } from './add-attachment.message';

/**
 * `bugs.attachments.update` (comments -> bugs): the attachments (found by comments in its
 * read model, with their bugs) get the same changes, all or nothing: every attachment is
 * decided (rights of docs/attachments.md §4.3, fields in Bugzilla's `set_all` order) before
 * the first append, one append per bug. Field values were validated by comments with the
 * shared rules; bugs re-applies them (113, rights, obsolete).
 */
export const BUG_UPDATE_ATTACHMENTS_SUBJECT = 'bugs.attachments.update';

export interface BugUpdateAttachmentsParams {
  /** in request order, de-duplicated */
  readonly targets: readonly { readonly attachmentId: number; readonly bugId: number }[];
  readonly changes: Partial<AttachmentMutableFields>;
  /** null: no comment (absent or blank) */
  readonly comment: { readonly body: string; readonly isMarkdown: boolean } | null;
  readonly flags: readonly FlagInput[];
  readonly bugFlags: readonly FlagInput[];
}

export interface BugUpdatedAttachment {
  readonly id: number;
  /** ISO time of this change when the attachment itself changed, else null (comments keeps its previous value) */
  readonly changedAt: string | null;
  readonly changes: Readonly<Record<string, AttachmentFieldChange>>;
}

export interface BugUpdateAttachmentsResult {
  readonly attachments: readonly BugUpdatedAttachment[];
  readonly written: readonly WrittenPosition[];
}
