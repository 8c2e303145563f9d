/**
 * The rules a comment's text follows wherever it enters (bug description, update comment,
 * POST comment), shared so that the bugs service can refuse a bad comment before writing
 * anything. Bugzilla strips trailing whitespace and turns CRLF/CR into LF, then allows
 * at most 65,535 characters.
 */
export const MAX_COMMENT_LENGTH = 65_535;
export const MAX_WORK_TIME = 99_999.99;

export function normaliseCommentText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\s+$/u, '');
}

export function isBlankComment(text: string): boolean {
  return text.trim() === '';
}
