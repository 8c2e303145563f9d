import {
  type AttachmentClaim,
  AttachmentErrors,
  type AttachmentFields,
  checkContentType,
  checkFileName,
  checkSummary,
  type CreateAttachmentParams,
  type DomainError,
  hasPermission,
  type AuthContext,
} from '@tracker/contracts';
import type { CommentsOptions } from '../../comments.options';

/**
 * The checks of a new attachment that need neither the bug nor the bytes, in Bugzilla's
 * order (docs/attachments.md §2 create, step 4): data empty 606, too large 600; summary 604
 * (then 32000 for its length); file name 603; privacy 113; content type 601.
 */
export function checkNewAttachment(
  params: CreateAttachmentParams,
  claim: AttachmentClaim,
  auth: AuthContext,
  options: CommentsOptions,
): AttachmentFields | DomainError {
  const limit = options.maxAttachmentKb * 1024;
  if (claim.size === 0 && !claim.tooLarge) return AttachmentErrors.empty();
  if (claim.tooLarge || claim.size > limit) return AttachmentErrors.tooLarge(claim.size, options.maxAttachmentKb);
  const summary = checkSummary(params.summary);
  if (!summary.ok) return summary.error;
  const fileName = checkFileName(params.file_name, 'create');
  if (!fileName.ok) return fileName.error;
  const isPrivate = params.is_private === true;
  if (isPrivate && !hasPermission(auth, 'insider')) return AttachmentErrors.notInsider();
  const isPatch = params.is_patch === true;
  const contentType = checkContentType(params.content_type, isPatch);
  if (!contentType.ok) return contentType.error;
  return { fileName: fileName.value, summary: summary.value, contentType: contentType.value, isPatch, isPrivate };
}

/** R6's `is_markdown`, top level or inside `comment`; 140 while Markdown is off. */
export function checkMarkdown(
  params: { comment?: { is_markdown?: boolean }; is_markdown?: boolean },
  options: CommentsOptions,
): boolean | DomainError {
  const isMarkdown = params.comment?.is_markdown ?? params.is_markdown ?? false;
  return isMarkdown && !options.useMarkdown ? AttachmentErrors.markdownDisabled() : isMarkdown;
}
