import type { BugAsOf } from '../../as-of/bug-as-of';
import type { Criterion } from '../search-criteria';

/** Users by id, with their names as they are now (the read model's copy). */
export type CurrentUserNames = ReadonlyMap<number, { readonly login: string; readonly realName: string }>;

/** A comment as the read model holds it now: its text and author never change; its privacy is today's. */
export interface CurrentComment {
  readonly text: string;
  readonly authorId: number;
  readonly isPrivate: boolean;
}

/** What the present adds to folded bugs for matching them: names now, and the comments' texts. */
export interface AsOfKnown {
  readonly users: CurrentUserNames;
  /** by comment id; only needed when the criteria name comments (`usesComments`) */
  readonly comments: ReadonlyMap<number, CurrentComment>;
}

/**
 * The comments of a bug as of an instant that a caller may see, with their texts: the
 * comments that existed then; for a caller outside the insider group only those public
 * both then and now (the rule of the comments read as of an instant, docs/as-of.md).
 */
export function visibleCommentsAsOf(bug: BugAsOf, comments: ReadonlyMap<number, CurrentComment>, insider: boolean): CurrentComment[] {
  return bug.state.comments.flatMap((then) => {
    const now = comments.get(then.commentId);
    return now && (insider || (!then.isPrivate && !now.isPrivate)) ? [now] : [];
  });
}

/** Whether some criterion names comments (text or author), so their texts must be read. */
export function usesComments(criterion: Criterion): boolean {
  return criterion.kind === 'group'
    ? criterion.items.some(usesComments)
    : criterion.field === 'longdesc' || criterion.field === 'commenter';
}
