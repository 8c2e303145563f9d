import { CommonErrors } from '../errors/common.errors';
import { DomainError } from '../errors/domain-error';

/**
 * The refusals of attachments (docs/attachments.md §3) in Bugzilla's words, shared by the
 * comments service (which validates first) and the bugs service (which decides the append).
 * Bugzilla's 32000s share the registry's `userError`, its 304 `authFailure`.
 */
export const AttachmentErrors = {
  empty: (): DomainError =>
    new DomainError(
      'attachmentEmpty',
      "The file you are trying to attach is empty, does not exist, or you don't have permission to read it.",
    ),
  tooLarge: (bytes: number, limitKb: number): DomainError =>
    new DomainError(
      'attachmentTooLarge',
      `The file you are trying to attach is ${Math.ceil(bytes / 1024)} kilobytes (KB) in size. Attachments cannot be more than ${limitKb} KB.`,
    ),
  summaryMissing: (): DomainError => new DomainError('attachmentSummaryMissing', 'You must enter a description for the attachment.'),
  summaryTooLong: (length: number): DomainError =>
    CommonErrors.userError(`The attachment summary is too long (${length} characters; at most 255).`),
  fileMissing: (on: 'create' | 'update'): DomainError =>
    new DomainError(
      'attachmentFileMissing',
      on === 'create' ? 'You did not specify a file to attach.' : 'You must specify a filename for this attachment.',
    ),
  notInsider: (): DomainError =>
    new DomainError('privacyChangeDenied', 'Sorry, but you are not allowed to (un)mark comments or attachments as private.'),
  invalidContentType: (given: string): DomainError =>
    new DomainError(
      'invalidContentType',
      `The content type ${given} is invalid. Valid types must be of the form foo/bar where foo is one of application, audio, image, message, model, multipart, text, video and bar must not contain any special characters (such as "=", "?", ...).`,
    ),
  invalidId: (given: string | number): DomainError => CommonErrors.userError(`The attachment id ${String(given)} is invalid.`),
  obsoleteOnOtherBug: (attachmentId: number, bugId: number): DomainError =>
    CommonErrors.userError(
      `Attachment ${attachmentId} is attached to another bug, but you tried to flag it as obsolete while creating a new attachment to bug ${bugId}.`,
    ),
  editDenied: (attachmentId: number): DomainError => CommonErrors.userError(`You are not authorized to edit attachment ${attachmentId}.`),
  bugEditDenied: (bugId: number): DomainError => CommonErrors.userError(`You are not authorized to edit attachments on bug ${bugId}.`),
  accessDenied: (attachmentId: number): DomainError =>
    new DomainError('authFailure', `Sorry, you are not authorized to access attachment #${attachmentId}.`),
  markdownDisabled: (): DomainError => new DomainError('markdownDisabled', 'Markdown feature is not enabled.'),
};
