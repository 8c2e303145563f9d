import type { AttachmentMutableFields } from './bug-attachment.events';

/**
 * Other services (comments, later attachments and flags) ask the bugs service whether the
 * caller may see or edit bugs, by id or alias, at the moment of the request. One entry per
 * requested reference, in order; an error carries the code Bugzilla gives for that bug
 * (100 bad alias, 101 no such bug, 102 not visible).
 */
export const BUG_ACCESS_SUBJECT = 'bugs.access';

export interface BugAccessParams {
  readonly refs: ReadonlyArray<number | string>;
  /** ISO-8601: also report each visible bug's comments as they were at that instant (docs/as-of.md) */
  readonly asOf?: string;
}

/** An attachment of a bug as it was at the instant asked for: its changeable fields then and when they last changed. */
export interface AttachmentAsOf extends AttachmentMutableFields {
  readonly attachmentId: number;
  /** ISO-8601 */
  readonly lastChangeTime: string;
}

/** A comment of a bug as it was at the instant asked for: that it existed, and its privacy then. */
export interface CommentAsOf {
  readonly commentId: number;
  readonly isPrivate: boolean;
}

export interface BugAccessEntry {
  readonly ref: number | string;
  /** the bug id when the reference resolved to a visible bug */
  readonly bugId: number | null;
  readonly canEdit: boolean;
  /** why the caller may not edit the visible bug, in Bugzilla's words (109 "You are not
   * permitted to edit bugs in product X."); null when canEdit */
  readonly editError: { readonly code: number; readonly message: string } | null;
  readonly error: { readonly code: number; readonly message: string } | null;
  /** with `asOf`, for a visible bug: its comments then, in order; null when the bug did not exist yet */
  readonly commentsAsOf?: readonly CommentAsOf[] | null;
  /** with `asOf`, for a visible bug that existed then: its attachments then, in creation order */
  readonly attachmentsAsOf?: readonly AttachmentAsOf[];
}

export interface BugAccessResult {
  readonly bugs: readonly BugAccessEntry[];
}
