import type { GlobalPosition } from './event-store.port';
import { START } from './event-store.port';

/** Own appends remembered; a subscription further behind than this reads the log as before. */
const REMEMBERED = 4096;

interface OwnAppend {
  readonly streamName: string;
  readonly last: GlobalPosition;
}

/**
 * What a process knows of the log's tail without reading it: the positions of its own
 * appends with their stream, and the newest position any append announced (its own, or
 * another process's through NOTIFY). Appends hold the store's global lock from their first
 * position to their commit, so an append of n events that ends at P owns exactly the
 * positions P-n+1..P, and every position below them is settled. A subscription woken
 * by an append can therefore tell when everything between its position and the newest
 * announced one is this process's appends of streams it does not follow, and pass over
 * them without reading the log (each append used to make every subscription of the
 * process read it, twice with its own NOTIFY). Anything else (another process's event, a
 * position no append owns, an event of its streams) makes it read, as before.
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

  /** This process appended `count` events to `streamName`, the last at `last`. */
  appended(streamName: string, count: number, last: GlobalPosition): void {
    this.own.set(last - BigInt(count) + 1n, { streamName, last });
    this.announce(last);
    // a Map iterates in insertion order: the first entries are the oldest appends
    for (const first of this.own.keys()) {
      if (this.own.size <= REMEMBERED) break;
      this.own.delete(first);
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
   * Where a subscription at `after` can move without reading the log: the newest announced
   * position, when everything up to it is own appends of streams it does not follow;
   * undefined otherwise (it must read).
   */
  passOver(after: GlobalPosition, follows: (streamName: string) => boolean): GlobalPosition | undefined {
    let position = after;
    while (position < this.announcedUpTo) {
      const append = this.own.get(position + 1n);
      if (!append || follows(append.streamName)) return undefined;
      position = append.last;
    }
    return position;
  }
}
