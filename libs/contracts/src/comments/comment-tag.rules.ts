/**
 * Bugzilla's comment tag rules (Bugzilla::Comment::_check_tag): 3 to 24 characters, each
 * a letter, digit, `_`, `.` or `-`. Tags compare case-insensitively: adding a tag that
 * exists in another letter case changes nothing, removing matches any case.
 */
export const MIN_COMMENT_TAG_LENGTH = 3;
export const MAX_COMMENT_TAG_LENGTH = 24;

const TAG_CHARACTERS = /^[A-Za-z0-9_.-]+$/;

export type CommentTagProblem = 'too_short' | 'too_long' | 'invalid';

/** The first rule a tag breaks, in Bugzilla's order (length first), or null. */
export function commentTagProblem(tag: string): CommentTagProblem | null {
  if (tag.length < MIN_COMMENT_TAG_LENGTH) return 'too_short';
  if (tag.length > MAX_COMMENT_TAG_LENGTH) return 'too_long';
  return TAG_CHARACTERS.test(tag) ? null : 'invalid';
}

/** The key two spellings of one tag share. */
export function commentTagKey(tag: string): string {
  return tag.toLowerCase();
}

/**
 * How tag lists are returned: case-insensitively sorted (as Bugzilla reads them back
 * from its database), ties in code-point order, so the answer never depends on
 * who typed which case first.
 */
export function sortCommentTags(tags: readonly string[]): string[] {
  return [...tags].sort((a, b) => {
    const byKey = compare(commentTagKey(a), commentTagKey(b));
    return byKey !== 0 ? byKey : compare(a, b);
  });
}

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
