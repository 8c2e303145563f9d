import type { BugAccessEntry } from '@tracker/contracts';
import { CommentErrors } from '@tracker/comments/domain';
import type { CommentRow } from '../read-model/comment.row';

/** With `as_of`: 101 for the first bug asked for that is visible now but did not exist yet then. */
export function requireExistedThen(entries: readonly BugAccessEntry[]): void {
  const missing = entries.find((entry) => entry.error === null && entry.commentsAsOf === null);
  if (missing) throw CommentErrors.bugDoesNotExist(missing.bugId ?? missing.ref);
}

/**
 * Comments as they were at an instant (`as_of`, docs/as-of.md), from what the bugs service
 * folded out of each visible bug's stream: which comments existed then and their privacy
 * then. Visibility is the rule as it stands now, so a comment private now stays hidden from
 * a caller outside the insider group even at an instant when it was public; a comment
 * private then is hidden from them too (what a caller with their rights saw then).
 */
export class CommentsAsOf {
  private constructor(private readonly privacy: ReadonlyMap<number, boolean>) {}

  static of(entries: readonly BugAccessEntry[]): CommentsAsOf {
    return new CommentsAsOf(
      new Map(entries.flatMap((entry) => (entry.commentsAsOf ?? []).map((c) => [c.commentId, c.isPrivate] as const))),
    );
  }

  existed(commentId: number): boolean {
    return this.privacy.has(commentId);
  }

  /** The rows that existed then, with their privacy then; for non-insiders only those public then and now. */
  rows(rows: readonly CommentRow[], insider: boolean): CommentRow[] {
    return rows.flatMap((row) => {
      const isPrivate = this.privacy.get(row.commentId);
      if (isPrivate === undefined || (!insider && (isPrivate || row.isPrivate))) return [];
      return [{ ...row, isPrivate }];
    });
  }

  /** As `rows`, for comments asked for by id: the first that did not exist then is 111, one private then or now 110. */
  requireReadable(rows: readonly CommentRow[], insider: boolean): CommentRow[] {
    const absent = rows.find((row) => !this.existed(row.commentId));
    if (absent) throw CommentErrors.commentIdInvalid(String(absent.commentId));
    const secret = insider ? undefined : rows.find((row) => row.isPrivate || this.privacy.get(row.commentId) === true);
    if (secret) throw CommentErrors.commentIsPrivate(secret.commentId);
    return this.rows(rows, insider);
  }
}
