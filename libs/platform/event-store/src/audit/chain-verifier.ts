import type { GlobalPosition, RecordedEvent } from '../event-store.port';
import { GENESIS_HASH, contentHash, linkHash } from './event-hash';

/** The first link of the log that does not hold: where, and what was expected against what was found. */
export interface ChainBreak {
  readonly streamName: string;
  readonly revision: number;
  readonly position: GlobalPosition;
  readonly eventId: string;
  readonly problem: 'missing-events' | 'unchained' | 'previous-hash' | 'hash' | 'checkpoint';
  readonly expected: string;
  readonly found: string;
}

export interface ChainSummary {
  readonly events: number;
  readonly streams: number;
  /** events without a hash, accepted as they are: stored before the chain existed, or listed by the store as written by an older release */
  readonly unchained: number;
}

interface StreamHead {
  readonly revision: number;
  /** null after an event from before the chain: the next hashed one chains from the genesis value */
  readonly hash: string | null;
}

/**
 * Walks events as they are stored (not upcast: the hashes cover the stored shape), in
 * log order, and finds the first broken link of any stream: a revision skipped (an event
 * deleted), an event without a hash after the chain began, a previousHash that is not the
 * previous event's hash, or a hash that does not match the event's content (an edit).
 * Pure: the caller reads the events from whichever store it audits.
 */
export class ChainVerifier {
  private readonly heads = new Map<string, StreamHead>();
  private events = 0;
  private unchained = 0;

  /**
   * @param chainedSince the first position that must carry a hash (PostgreSQL: audit_chain.since_position)
   * @param unchainedAfter positions above it that the store itself wrote without one (a release before the chain, during a rolling upgrade)
   */
  constructor(
    private readonly chainedSince: GlobalPosition,
    private readonly unchainedAfter: ReadonlySet<GlobalPosition> = new Set(),
  ) {}

  /** The break this event shows, if any; after a break the verdict on later events means nothing. */
  check(event: RecordedEvent): ChainBreak | undefined {
    const head = this.heads.get(event.streamName);
    const expectedRevision = head ? head.revision + 1 : 0;
    const at = (problem: ChainBreak['problem'], expected: string, found: string): ChainBreak => ({
      streamName: event.streamName,
      revision: event.revision,
      position: event.position,
      eventId: event.id,
      problem,
      expected,
      found,
    });
    if (event.revision !== expectedRevision) return at('missing-events', `revision ${expectedRevision}`, `revision ${event.revision}`);
    this.events += 1;
    const { hash, previousHash } = event.metadata;
    if (hash === undefined) {
      if (event.position >= this.chainedSince && !this.unchainedAfter.has(event.position)) return at('unchained', 'a hash', 'none');
      this.unchained += 1;
      this.heads.set(event.streamName, { revision: event.revision, hash: null });
      return undefined;
    }
    const expectedPrevious = head?.hash ?? GENESIS_HASH;
    if (previousHash !== expectedPrevious) return at('previous-hash', expectedPrevious, String(previousHash));
    const expectedHash = linkHash(expectedPrevious, event.streamName, event.revision, contentHash(event));
    if (hash !== expectedHash) return at('hash', expectedHash, hash);
    this.heads.set(event.streamName, { revision: event.revision, hash });
    return undefined;
  }

  /** The break of a stream whose newest events are gone: the store says it reached `revision`, its events stop earlier. */
  checkStreamEnd(streamName: string, revision: number): ChainBreak | undefined {
    const seen = this.heads.get(streamName)?.revision ?? -1;
    if (seen === revision) return undefined;
    return {
      streamName,
      revision: seen + 1,
      position: -1n,
      eventId: '',
      problem: 'missing-events',
      expected: `revision ${revision}`,
      found: `revision ${seen}`,
    };
  }

  summary(): ChainSummary {
    return { events: this.events, streams: this.heads.size, unchained: this.unchained };
  }
}
