import type { FlagInput } from '../flags/flag-input';
import type { AttachmentFields } from './bug-attachment.events';

/**
 * `bugs.attachments.add` (comments -> bugs): the comments service has validated the caller's
 * fields with the shared rules (attachment-fields.rules.ts) and promoted the bytes; bugs
 * checks the bugs (100/101/102, 109), privacy (113), `obsoletes` and flags, then appends per
 * bug `AttachmentCreated`, `AttachmentUpdated`* (obsoleted), `FlagsChanged`*, `CommentAdded`
 * ("Created attachment N"). Every bug is decided before the first append. Answers once the
 * bugs read model shows it, with the positions comments waits for in its own projection.
 */
export const ADD_ATTACHMENT_SUBJECT = 'bugs.attachments.add';

export interface AddAttachmentParams {
  /** ids or aliases, in order; duplicates already removed by comments */
  readonly bugIds: readonly (number | string)[];
  readonly attachment: AttachmentFields;
  readonly blob: { readonly sha256: string; readonly size: number };
  /** the comment's body (may be empty), normalised */
  readonly comment: { readonly body: string; readonly isMarkdown: boolean };
  /** as given: Bugzilla's 32000s for anything but an attachment id of the same bug */
  readonly obsoletes: readonly string[];
  /** the bug of every attachment id of `obsoletes` that exists (comments' read model), for "attached to another bug" */
  readonly obsoleteOwners: Readonly<Record<string, number>>;
  readonly flags: readonly FlagInput[];
  readonly bugFlags: readonly FlagInput[];
}

export interface WrittenPosition {
  readonly stream: string;
  /** global position (a decimal string: JSON has no bigint) */
  readonly position: string;
}

export interface AddAttachmentResult {
  readonly created: readonly { readonly bugId: number; readonly attachmentId: number }[];
  readonly written: readonly WrittenPosition[];
}
