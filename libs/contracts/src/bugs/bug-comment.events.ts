import type { AttachmentNote } from './bug-attachment.events';
import type { BugParticipants, UserRef } from './bug-participants';

/**
 * The comment-carrying events of a bug's stream (`bug-<id>`). Only the bugs service
 * writes them; the comments service projects them into its read model, the mailer reads
 * them for notifications. A bug's comments live in its own stream because a comment
 * changes the bug (last_change_time, time tracking, history) and an update that carries a
 * comment must be written whole or not at all.
 *
 * Text is stored as given after normalisation (trailing whitespace removed, CRLF -> LF);
 * `commentId` is global, `count` is local to the bug (the description is 0).
 */
export interface CommentFacts {
  readonly commentId: number;
  readonly count: number;
  readonly text: string;
  readonly isPrivate: boolean;
  readonly isMarkdown: boolean;
  /** hours added to the bug's actual time with this comment (0 when none) */
  readonly workTime: number;
  /** comment tags set when the comment was created (R6 `comment_tags`) */
  readonly tags: readonly string[];
  /** attachment the comment was made on */
  readonly attachmentId: number | null;
  /** text Bugzilla adds itself (R5 `text` = body + this; `raw_text` = body), e.g. the duplicate note */
  readonly addedText: string | null;
}

/** Comment 0: part of BugCreated's data under `description`. */
export type DescriptionFacts = CommentFacts & { readonly count: 0 };

/** A comment added on its own (POST /rest/bug/{id}/comment) or with an update (`comment` object). */
export interface CommentAddedData extends CommentFacts {
  readonly bugId: number;
  /** the commenter as the history and the mailer show them (also the event's actor) */
  readonly author: UserRef;
  /** who is involved with the bug, for notification mail */
  readonly participants: BugParticipants;
  /**
   * v2: the comment Bugzilla writes for an attachment ("Created attachment N" / "Comment on
   * attachment N"); its text is built at read time by `attachmentCommentText` from the
   * attachment's current summary and `text` (the body as typed). v1 events read as null.
   */
  readonly attachmentNote: AttachmentNote | null;
}
export const COMMENT_ADDED = 'CommentAdded';

/** `comment_is_private` of a bug update. */
export interface CommentPrivacyChangedData {
  readonly bugId: number;
  readonly commentId: number;
  readonly isPrivate: boolean;
  readonly changedBy: UserRef;
  readonly participants: BugParticipants;
}
export const COMMENT_PRIVACY_CHANGED = 'CommentPrivacyChanged';
