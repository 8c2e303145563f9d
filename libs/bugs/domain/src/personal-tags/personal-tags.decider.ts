import type { BugTagsChanged, Decider, DomainError } from '@tracker/contracts';
import { BUG_LIMITS } from '../bugs-limits';
import { BugErrors } from '../bugs.errors';
import { cleanText } from '../bug/fields/text-fields';
import { attempt, refuse } from '../bug/refusal';

/** A user's personal tags, by bug (the fold of their `usertags-<userId>` stream). */
export type PersonalTagsState = ReadonlyMap<number, readonly string[]>;

/** PUT /rest/bug/{id}/tags for one bug: remove, then add (Bugzilla's update_tags). */
export interface ChangeBugTags {
  readonly kind: 'ChangeBugTags';
  readonly userId: number;
  readonly bugId: number;
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

const MAX_TAG_LENGTH = BUG_LIMITS.personalTagLength;

/** Bugzilla's _check_tag_name: cleaned, non-empty, under 64 characters, lower case. */
export function requireTagName(raw: string): string {
  const tag = cleanText(raw);
  if (tag === '') return refuse(BugErrors.noTagToEdit());
  if (tag.length > MAX_TAG_LENGTH) return refuse(BugErrors.tagNameTooLong());
  return tag.toLowerCase();
}

export const personalTagsDecider: Decider<PersonalTagsState, ChangeBugTags, BugTagsChanged> = {
  initialState: (): PersonalTagsState => new Map(),
  decide(command: ChangeBugTags, state: PersonalTagsState): readonly BugTagsChanged[] | DomainError {
    return attempt(() => {
      const current = state.get(command.bugId) ?? [];
      const removeTags = command.remove.map(requireTagName);
      const addTags = command.add.map(requireTagName);
      const afterRemove = current.filter((tag) => !removeTags.includes(tag));
      const next = [...afterRemove, ...addTags.filter((tag, i) => !afterRemove.includes(tag) && addTags.indexOf(tag) === i)];
      const added = next.filter((tag) => !current.includes(tag));
      const removed = current.filter((tag) => !next.includes(tag));
      if (added.length === 0 && removed.length === 0) return [];
      return [{ type: 'BugTagsChanged', data: { userId: command.userId, bugId: command.bugId, added, removed } }];
    });
  },
  evolve(state: PersonalTagsState, event: BugTagsChanged): PersonalTagsState {
    const next = new Map(state);
    const current = next.get(event.data.bugId) ?? [];
    next.set(event.data.bugId, [...current.filter((tag) => !event.data.removed.includes(tag)), ...event.data.added]);
    return next;
  },
};
