import type { CommentTagsEvent } from '@tracker/contracts';
import { type CommentTagsState, commentTagsDecider, currentTags } from './comment-tags.decider';

/**
 * A comment's tags as they were at `instant` (docs/as-of.md): its tag stream folded with
 * the decider's own evolve up to the first event recorded after the instant; the creation
 * tags while no change had been made yet.
 */
export function commentTagsAsOf(
  events: ReadonlyArray<{ readonly event: CommentTagsEvent; readonly occurredAt: string }>,
  creationTags: readonly string[],
  instant: string,
): readonly string[] {
  const until = Date.parse(instant);
  let state: CommentTagsState = commentTagsDecider.initialState();
  for (const { event, occurredAt } of events) {
    if (Date.parse(occurredAt) > until) break;
    state = commentTagsDecider.evolve(state, event);
  }
  return currentTags({ creationTags }, state);
}
