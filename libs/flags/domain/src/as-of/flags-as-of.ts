import { type BugEvent, type CurrentFlag, evolveCurrentFlags } from '@tracker/contracts';

/** A flag as it was at an instant, with the dates the read model would have shown then. */
export interface DatedFlag extends CurrentFlag {
  /** ISO-8601, of the events' metadata */
  readonly createdAt: string;
  readonly modifiedAt: string;
}

/**
 * The flags of a bug and of its attachments as they were at `instant` (docs/as-of.md): its
 * stream folded with `evolveCurrentFlags`, the fold the bug decider keeps its flags with, up
 * to the first event recorded after the instant. Dates follow the projection's rule: a flag's
 * creation sets both, and only a user's request moves `modifiedAt` (a retarget or a requestee
 * dropped by a type's change keeps it).
 */
export function flagsAsOf(events: ReadonlyArray<{ readonly event: BugEvent; readonly occurredAt: string }>, instant: string): DatedFlag[] {
  const until = Date.parse(instant);
  let flags: CurrentFlag[] = [];
  const dates = new Map<number, { createdAt: string; modifiedAt: string }>();
  for (const { event, occurredAt } of events) {
    if (Date.parse(occurredAt) > until) break;
    if (event.type !== 'FlagsChanged') continue;
    flags = evolveCurrentFlags(flags, event.data);
    for (const change of event.data.changes) {
      const known = dates.get(change.flagId);
      if (change.after === null) dates.delete(change.flagId);
      else if (!known) dates.set(change.flagId, { createdAt: occurredAt, modifiedAt: occurredAt });
      else if (change.reason === 'request') dates.set(change.flagId, { ...known, modifiedAt: occurredAt });
    }
  }
  return flags.map((flag) => ({ ...flag, ...(dates.get(flag.flagId) ?? { createdAt: '', modifiedAt: '' }) }));
}
