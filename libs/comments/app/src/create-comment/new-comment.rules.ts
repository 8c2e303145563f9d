import {
  type AuthContext,
  commentTagKey,
  type CreateCommentParams,
  hasPermission,
  isBlankComment,
  MAX_COMMENT_LENGTH,
  MAX_WORK_TIME,
  normaliseCommentText,
  sortCommentTags,
} from '@tracker/contracts';
import { checkCommentTag, CommentErrors } from '@tracker/comments/domain';

/** A new comment as the bugs service receives it, once the caller's rights allow it. */
export interface NewComment {
  readonly text: string;
  readonly isPrivate: boolean;
  readonly isMarkdown: boolean;
  readonly workTime: number;
  readonly tags: readonly string[];
}

/** Bugzilla's add_comment: a comment is required, and blank is missing (golden 101). */
export function requireCommentText(params: CreateCommentParams): string {
  if (params.comment === undefined || isBlankComment(params.comment)) throw CommentErrors.commentRequired();
  return params.comment;
}

/**
 * The comment's own rules, in the order Bugzilla's Comment validators run them: privacy
 * needs the insider group (113), the text its length (114), hours worked their maximum
 * (54). Hours of a caller outside the time-tracking group are ignored, as the contract
 * says (Bugzilla 5.2 refuses them with 115).
 */
export function newComment(params: CreateCommentParams, text: string, auth: AuthContext): NewComment {
  const isPrivate = params.is_private ?? params.private ?? false;
  if (isPrivate && !hasPermission(auth, 'insider')) throw CommentErrors.notInsider();
  const normalised = normaliseCommentText(text);
  if (characterCount(normalised) > MAX_COMMENT_LENGTH) throw CommentErrors.commentTooLong();
  const workTime = hasPermission(auth, 'timetracker') ? (params.work_time ?? 0) : 0;
  if (workTime > MAX_WORK_TIME) throw CommentErrors.workTimeTooLarge(workTime);
  return { text: normalised, isPrivate, isMarkdown: params.is_markdown ?? false, workTime, tags: [] };
}

/** R6 `comment_tags`: each checked (126/127/128), one per letter case, sorted. */
export function creationTags(requested: readonly (string | undefined)[]): string[] {
  const tags = new Map<string, string>();
  for (const tag of requested) {
    if (tag === undefined) continue;
    const refused = checkCommentTag(tag);
    if (refused) throw refused;
    if (!tags.has(commentTagKey(tag))) tags.set(commentTagKey(tag), tag);
  }
  return sortCommentTags([...tags.values()]);
}

/** Bugzilla counts characters, not UTF-16 units. */
function characterCount(text: string): number {
  return text.length <= MAX_COMMENT_LENGTH ? text.length : Array.from(text).length;
}
