import { Inject, Injectable } from '@nestjs/common';
import { type BugEvent, bugStream } from '@tracker/contracts';
import { type BugAsOf, bugAsOf } from '@tracker/bugs/domain';
import { domainEvent, EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import type { BugDocument } from '../read-model/bug-document';

const READS_IN_FLIGHT = 16;

/**
 * Bugs as they were at an instant (`as_of`, docs/as-of.md): each bug's stream read from
 * the event store at the moment of the request (like the history, no read model to lag)
 * and folded by the domain's `bugAsOf`. Visibility is not decided here: callers ask
 * BugFinder first, so the rules as they stand now apply.
 */
@Injectable()
export class BugAsOfReader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Each bug as of the instant; null for a bug that did not exist yet. */
  async states(bugIds: readonly number[], instant: string): Promise<Map<number, BugAsOf | null>> {
    const folded = new Map<number, BugAsOf | null>();
    const unique = [...new Set(bugIds)];
    // a search folds up to a thousand bugs: a few stream reads in flight at a time, not all at once
    for (let start = 0; start < unique.length; start += READS_IN_FLIGHT) {
      const batch = unique.slice(start, start + READS_IN_FLIGHT);
      const states = await Promise.all(batch.map((bugId) => this.state(bugId, instant)));
      batch.forEach((bugId, index) => folded.set(bugId, states[index] ?? null));
    }
    return folded;
  }

  private async state(bugId: number, instant: string): Promise<BugAsOf | null> {
    const recorded = await this.store.readStream(bugStream(bugId));
    const events = recorded.map((event) => ({ event: domainEvent<BugEvent>(event), occurredAt: event.metadata.occurredAt }));
    return bugAsOf(events, instant);
  }

  /** Each bug as of the instant, as the read model's document would have held it then. */
  async documents(bugIds: readonly number[], instant: string): Promise<Map<number, BugDocument | null>> {
    const states = await this.states(bugIds, instant);
    return new Map([...states].map(([bugId, asOf]) => [bugId, asOf && documentOf(asOf)]));
  }
}

export function documentOf({ state, creationTime, lastChangeTime }: BugAsOf): BugDocument {
  return { id: state.bugId, reporter: state.reporter, fields: state.fields, creationTime, lastChangeTime, actualTime: state.actualTime };
}
