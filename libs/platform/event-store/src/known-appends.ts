import type { GlobalPosition, RecordedEvent } from './event-store.port';
import { START } from './event-store.port';

/** Own appends remembered (with their events); a subscription further behind than this reads the log as before. */
const REMEMBERED = 1024;

interface OwnAppend {
  readonly streamName: string;
  readonly last: GlobalPosition;
  /** as stored: the rows a read of the log would return */
  readonly events: readonly RecordedEvent[];
}

/** What a subscription can take without reading the log: the followed streams' events, and how far that covers. */
export interface KnownTail {
  readonly events: readonly RecordedEvent[];
  readonly upTo: GlobalPosition;
}

/**
 * What a process knows of the log's tail without reading it: its own appends, with their
 * events as stored, and the newest position any append announced (its own, or another
 * process's through NOTIFY). Appends hold the store's global lock from their first
 * position to their commit, so an append owns every position from its first event to its
 * last, and every position below them is settled. A subscription woken by an append can
 * therefore tell when everything between its position and the newest announced one is
 * this process's appends, and take their events of its streams from here instead of
 * reading them back (each append used to make every subscription of the process read the
 * log, most of them twice with its own NOTIFY). Anything else (another process's event, a
 * position no append owns) makes it read, as before.
 */
export class KnownAppends {
  /** by first position */
  private readonly own = new Map<GlobalPosition, OwnAppend>();
  private announcedUpTo: GlobalPosition = START;
  private blind = 0;

  /** The newest position an append announced. */
  get announced(): GlobalPosition {
    return this.announcedUpTo;
  }

  /** Changes whenever the process may have missed an announcement (its NOTIFY connection was lost). */
  get blindWakes(): number {
    return this.blind;
  }

  /** This process appended `events` (as stored, in order) to one stream. */
  appended(events: readonly RecordedEvent[]): void {
    const [first] = events;
    const last = events.at(-1);
    if (!first || !last) return;
    // one copy for every subscription of the process (a read gave each its own): frozen, so that code changing it fails loudly
    this.own.set(first.position, { streamName: first.streamName, last: last.position, events: deepFreeze(events) });
    this.announce(last.position);
    // a Map iterates in insertion order: the first entries are the oldest appends
    for (const oldest of this.own.keys()) {
      if (this.own.size <= REMEMBERED) break;
      this.own.delete(oldest);
    }
  }

  announce(position: GlobalPosition): void {
    if (position > this.announcedUpTo) this.announcedUpTo = position;
  }

  /** Announcements may have been missed: every subscription reads the log at its next wake. */
  missedSome(): void {
    this.blind += 1;
  }

  /**
   * What a subscription at `after` can take without reading the log: the events of the
   * streams it follows up to the newest announced position, when everything up to there is
   * this process's appends; undefined otherwise (it must read).
   */
  tailAfter(after: GlobalPosition, follows: (streamName: string) => boolean): KnownTail | undefined {
    const events: RecordedEvent[] = [];
    let position = after;
    while (position < this.announcedUpTo) {
      const append = this.own.get(position + 1n);
      if (!append) return undefined;
      if (follows(append.streamName)) events.push(...append.events);
      position = append.last;
    }
    return { events, upTo: position };
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
