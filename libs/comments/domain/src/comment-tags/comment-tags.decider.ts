import { assertNever, commentTagKey, type CommentTagsEvent, type Decider, type DomainError, sortCommentTags } from '@tracker/contracts';
import { checkCommentTag } from './comment-tag.check';

/**
 * One comment's tags. Bugzilla's update_comment_tags: each tag to add is checked and
 * added unless the comment has it in any letter case; then each tag to remove is checked
 * and removed whatever its case. The first bad tag refuses the whole call.
 */
export type CommentTagsState = { readonly kind: 'untouched' } | { readonly kind: 'tagged'; readonly tags: readonly string[] };

export interface UpdateCommentTags {
  readonly kind: 'UpdateCommentTags';
  readonly commentId: number;
  readonly bugId: number;
  /** the tags the comment was created with (a fact of its bug's stream, from the read model) */
  readonly creationTags: readonly string[];
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

export type CommentTagsCommand = UpdateCommentTags;

export const commentTagsDecider: Decider<CommentTagsState, CommentTagsCommand, CommentTagsEvent> = {
  initialState: (): CommentTagsState => ({ kind: 'untouched' }),
  decide: (command: CommentTagsCommand, state: CommentTagsState): readonly CommentTagsEvent[] | DomainError => {
    switch (command.kind) {
      case 'UpdateCommentTags':
        return updateTags(command, currentTags(command, state));
      default:
        return assertNever(command.kind, 'comment tags command');
    }
  },
  evolve: (_state: CommentTagsState, event: CommentTagsEvent): CommentTagsState => {
    switch (event.type) {
      case 'CommentTagsUpdated':
        return { kind: 'tagged', tags: event.data.tags };
      default:
        return assertNever(event.type, 'comment tags event');
    }
  },
};

/** The comment's tags now: the last change's list, or the creation tags when none yet. */
export function currentTags(command: Pick<UpdateCommentTags, 'creationTags'>, state: CommentTagsState): readonly string[] {
  return state.kind === 'tagged' ? state.tags : sortCommentTags(command.creationTags);
}

function updateTags(command: UpdateCommentTags, before: readonly string[]): readonly CommentTagsEvent[] | DomainError {
  let tags = [...before];
  const added: string[] = [];
  const removed: string[] = [];
  for (const tag of command.add) {
    const refused = checkCommentTag(tag);
    if (refused) return refused;
    if (tags.some((existing) => commentTagKey(existing) === commentTagKey(tag))) continue;
    tags.push(tag);
    added.push(tag);
  }
  for (const tag of command.remove) {
    const refused = checkCommentTag(tag);
    if (refused) return refused;
    const index = tags.findIndex((existing) => commentTagKey(existing) === commentTagKey(tag));
    if (index < 0) continue;
    const [gone] = tags.splice(index, 1);
    if (gone !== undefined) removed.push(gone);
  }
  tags = sortCommentTags(tags);
  // a tag added then removed in the same call leaves no trace, as Bugzilla's diff of old and new lists
  const netAdded = added.filter((tag) => !removed.includes(tag));
  const netRemoved = removed.filter((tag) => !added.includes(tag));
  if (netAdded.length === 0 && netRemoved.length === 0) return [];
  return [
    {
      type: 'CommentTagsUpdated',
      data: { commentId: command.commentId, bugId: command.bugId, added: netAdded, removed: netRemoved, tags },
    },
  ];
}
