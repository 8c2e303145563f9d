import { type ExistingBug, evolveBug, type BugState, initialBugState } from '../bug/bug.state';
import { attachmentChangedBy, movesLastChangeTime } from '../bug/last-change';
import type { DatedBugEvent } from '../history/bug-history';

/** A bug as it was at an instant: its folded state and the times its events' metadata add. */
export interface BugAsOf {
  readonly state: ExistingBug;
  /** ISO-8601, of the events' metadata */
  readonly creationTime: string;
  readonly lastChangeTime: string;
  /** each attachment's `last_change_time` then (ISO-8601), by attachment id */
  readonly attachmentChangeTimes: ReadonlyMap<number, string>;
}

/**
 * The bug as it was at `instant` (ISO-8601): its stream folded with the decider's own
 * `evolveBug`, up to the first event recorded after the instant (the stream's order is
 * the truth, so the fold is always a prefix of it). Null when the bug did not exist yet.
 */
export function bugAsOf(events: readonly DatedBugEvent[], instant: string): BugAsOf | null {
  const until = Date.parse(instant);
  let state: BugState = initialBugState();
  let creationTime = '';
  let lastChangeTime = '';
  const attachmentChangeTimes = new Map<number, string>();
  for (const { event, occurredAt } of events) {
    if (Date.parse(occurredAt) > until) break;
    state = evolveBug(state, event);
    if (event.type === 'BugCreated') creationTime = occurredAt;
    if (movesLastChangeTime(event)) lastChangeTime = occurredAt;
    const attachmentId = attachmentChangedBy(event);
    if (attachmentId !== null) attachmentChangeTimes.set(attachmentId, occurredAt);
  }
  return state.exists ? { state, creationTime, lastChangeTime, attachmentChangeTimes } : null;
}
