import { type DomainError, normaliseCommentText } from '@tracker/contracts';
import { BUG_LIMITS } from '../../bugs-limits';
import { BugErrors } from '../../bugs.errors';

export const MAX_FREETEXT_LENGTH = BUG_LIMITS.summaryLength;

/** Bugzilla's clean_text: control characters become spaces, then trim. */
export function cleanText(text: string): string {
  return text.replace(/[\x00-\x1F\x7F]+/g, ' ').trim();
}

export function checkSummary(summary: string | undefined): string | DomainError {
  const cleaned = summary === undefined ? '' : cleanText(summary);
  if (cleaned === '') return BugErrors.requireSummary();
  if (cleaned.length > MAX_FREETEXT_LENGTH) return BugErrors.freetextTooLong('summary', cleaned);
  return cleaned;
}

/** A comment body as stored: trailing whitespace removed, CRLF -> LF, at most 65,535 characters. */
export function checkCommentText(text: string | undefined): string | DomainError {
  const normalised = normaliseCommentText(text ?? '');
  return normalised.length > BUG_LIMITS.commentLength ? BugErrors.commentTooLong() : normalised;
}

/** On create, a lone `http://` (the old form's default) means no URL. */
export function checkUrl(url: string | undefined, creating: boolean): string | DomainError {
  const trimmed = (url ?? '').trim();
  if (trimmed.length > BUG_LIMITS.urlLength) return BugErrors.freetextTooLong('url', trimmed, BUG_LIMITS.urlLength);
  return creating && trimmed === 'http://' ? '' : trimmed;
}

/** The whiteboard as given (Bugzilla keeps it untouched), within its limit. */
export function checkWhiteboard(whiteboard: string): string | DomainError {
  const limit = BUG_LIMITS.whiteboardLength;
  return whiteboard.length > limit ? BugErrors.freetextTooLong('whiteboard', whiteboard, limit) : whiteboard;
}
