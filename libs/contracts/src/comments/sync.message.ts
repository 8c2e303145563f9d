/**
 * Read-your-writes across services: the bugs service, after appending events that carry
 * comments (a bug's description, an update's comment), asks the comments service to
 * answer once its read model has applied the stream up to that position.
 */
export const COMMENTS_SYNC_SUBJECT = 'comments.sync';

export interface CommentsSyncParams {
  readonly streamName: string;
  /** decimal string of a global position */
  readonly position: string;
}

export interface CommentsSyncResult {
  /** the position the read model has reached (at least the one asked for) */
  readonly position: string;
}
