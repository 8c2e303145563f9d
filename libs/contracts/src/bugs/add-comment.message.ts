/**
 * The comments service hands a validated new comment to the bugs service, which appends
 * it to the bug's stream (with its time-tracking effect) and answers once its own read
 * model shows it. The caller then waits for its own projection (position) before replying.
 * Errors: 100/101/102 (bug), 109 (no edit rights), 113 (private without insider),
 * 54 (work_time too large).
 */
export const ADD_COMMENT_SUBJECT = 'bugs.comment.add';

export interface AddCommentParams {
  readonly bugRef: number | string;
  readonly text: string;
  readonly isPrivate: boolean;
  readonly isMarkdown: boolean;
  readonly workTime: number;
  readonly tags: readonly string[];
}

export interface AddCommentResult {
  readonly commentId: number;
  readonly bugId: number;
  readonly streamName: string;
  /** global position of the CommentAdded event (a decimal string: JSON has no bigint) */
  readonly position: string;
}
