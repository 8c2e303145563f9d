import type { DomainError } from '../errors/domain-error';
import type { AttachmentNote } from '../bugs/bug-attachment.events';
import { AttachmentErrors } from './attachment.errors';

/**
 * The rules an attachment's fields follow on create and update (docs/attachments.md §1.1,
 * Bugzilla's Attachment.pm validators), shared by the comments service, which validates
 * before it touches the bytes, and the bugs service, which decides the append. Each
 * `check…` returns the normalised value or the refusal; nothing here throws.
 */
export const MAX_ATTACHMENT_FIELD_LENGTH = 255;
export const PATCH_CONTENT_TYPE = 'text/plain';

/** Bugzilla's legal MIME type (Attachment.pm `_check_content_type`), case-insensitive. */
export const CONTENT_TYPE_PATTERN =
  /^(application|audio|image|message|model|multipart|text|video)\/[a-z0-9_\-+.]+(;\s*charset=[a-z0-9_\-+]+)?$/i;

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError };
const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = <T>(error: DomainError): Checked<T> => ({ ok: false, error });

const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Control characters become spaces, then the name is trimmed, its path removed and its last 255 characters kept. */
export function checkFileName(given: string | undefined, on: 'create' | 'update'): Checked<string> {
  const trimmed = (given ?? '').replace(CONTROL, ' ').trim();
  const base = trimmed.replace(/^.*[/\\]/s, '').trim();
  const chars = Array.from(base);
  const name = chars.slice(Math.max(0, chars.length - MAX_ATTACHMENT_FIELD_LENGTH)).join('');
  return name === '' ? refused(AttachmentErrors.fileMissing(on)) : ok(name);
}

/** Trimmed; empty: 604; longer than 255 characters: 32000 (nothing unbounded enters the log). */
export function checkSummary(given: string | undefined): Checked<string> {
  const summary = (given ?? '').trim();
  if (summary === '') return refused(AttachmentErrors.summaryMissing());
  const length = Array.from(summary).length;
  return length > MAX_ATTACHMENT_FIELD_LENGTH ? refused(AttachmentErrors.summaryTooLong(length)) : ok(summary);
}

/** `text/plain` for a patch; otherwise Bugzilla's pattern and at most 255 characters, else 601 (blank included). */
export function checkContentType(given: string | undefined, isPatch: boolean): Checked<string> {
  if (isPatch) return ok(PATCH_CONTENT_TYPE);
  const type = (given ?? '').replace(CONTROL, ' ').trim();
  if (type.length > MAX_ATTACHMENT_FIELD_LENGTH || !CONTENT_TYPE_PATTERN.test(type))
    return refused(AttachmentErrors.invalidContentType(type));
  return ok(type);
}

/**
 * The text of an attachment's comment as Bugzilla's format_comment.txt.tmpl renders it:
 * "Created attachment N" / "Comment on attachment N", the attachment's current summary, and
 * the body after a blank line when there is one.
 */
export function attachmentCommentText(note: AttachmentNote, attachmentId: number, summary: string, body: string): string {
  const head = `${note === 'created' ? 'Created' : 'Comment on'} attachment ${attachmentId}\n${summary}`;
  return body === '' ? head : `${head}\n\n${body}`;
}
