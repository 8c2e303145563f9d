import type { RecordedEvent } from '../event-store.port';
import { ChainVerifier } from './chain-verifier';
import { GENESIS_HASH, contentHash, linkHash } from './event-hash';

const metadata = { actor: 1, occurredAt: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };

/** A stream's events chained as the store chains them, starting at `position`. */
function chained(streamName: string, count: number, position: number, from = GENESIS_HASH): RecordedEvent[] {
  let previousHash = from;
  return Array.from({ length: count }, (_, revision) => {
    const base = {
      id: `${streamName}-${revision}`,
      streamName,
      revision,
      position: BigInt(position + revision),
      type: 'T',
      schemaVersion: 1,
    };
    const content = { ...base, data: { n: revision }, metadata };
    const hash = linkHash(previousHash, streamName, revision, contentHash(content));
    const event = { ...content, metadata: { ...metadata, hash, previousHash } };
    previousHash = hash;
    return event;
  });
}

function firstBreak(verifier: ChainVerifier, events: readonly RecordedEvent[]) {
  for (const event of events) {
    const found = verifier.check(event);
    if (found) return found;
  }
  return undefined;
}

describe('ChainVerifier', () => {
  it('accepts intact streams interleaved in the log and counts them', () => {
    const [a0, a1, a2] = chained('a-1', 3, 1);
    const [b0] = chained('b-1', 1, 10);
    const verifier = new ChainVerifier(1n);
    expect(firstBreak(verifier, [a0!, b0!, a1!, a2!])).toBeUndefined();
    expect(verifier.summary()).toEqual({ events: 4, streams: 2, unchained: 0 });
  });

  it('names an event whose data was edited, with the hash its content now gives and the stored one', () => {
    const events = chained('a-1', 3, 1);
    const edited = { ...events[1]!, data: { n: 99 } };
    const found = firstBreak(new ChainVerifier(1n), [events[0]!, edited, events[2]!]);
    expect(found).toEqual({
      streamName: 'a-1',
      revision: 1,
      position: 2n,
      eventId: 'a-1-1',
      problem: 'hash',
      expected: linkHash(events[0]!.metadata.hash!, 'a-1', 1, contentHash(edited)),
      found: events[1]!.metadata.hash,
    });
  });

  it('reports a deleted event at the next one, and a deleted last event against the stream revision', () => {
    const events = chained('a-1', 3, 1);
    expect(firstBreak(new ChainVerifier(1n), [events[0]!, events[2]!])).toMatchObject({
      revision: 2,
      position: 3n,
      eventId: 'a-1-2',
      problem: 'missing-events',
      expected: 'revision 1',
      found: 'revision 2',
    });
    const verifier = new ChainVerifier(1n);
    expect(firstBreak(verifier, events.slice(0, 2))).toBeUndefined();
    expect(verifier.checkStreamEnd('a-1', 2)).toMatchObject({ streamName: 'a-1', revision: 2, problem: 'missing-events' });
    expect(verifier.checkStreamEnd('a-1', 1)).toBeUndefined();
  });

  it('reports a previousHash rewritten to another value', () => {
    const events = chained('a-1', 2, 1);
    const moved = { ...events[1]!, metadata: { ...events[1]!.metadata, previousHash: GENESIS_HASH } };
    expect(firstBreak(new ChainVerifier(1n), [events[0]!, moved])).toMatchObject({
      problem: 'previous-hash',
      expected: events[0]!.metadata.hash,
      found: GENESIS_HASH,
    });
  });

  it('accepts events without a hash from before the chain began, and refuses them after', () => {
    const [legacy] = chained('a-1', 1, 1).map((e) => ({ ...e, metadata }));
    const next = chained('a-1', 2, 1)[1]!;
    const fromGenesis = { ...next, metadata: { ...next.metadata, previousHash: GENESIS_HASH } };
    const relinked = {
      ...fromGenesis,
      metadata: { ...fromGenesis.metadata, hash: linkHash(GENESIS_HASH, 'a-1', 1, contentHash(fromGenesis)) },
    };
    const verifier = new ChainVerifier(2n);
    expect(firstBreak(verifier, [legacy!, relinked])).toBeUndefined();
    expect(verifier.summary()).toEqual({ events: 2, streams: 1, unchained: 1 });
    expect(firstBreak(new ChainVerifier(1n), [legacy!])).toMatchObject({ problem: 'unchained', position: 1n });
    // listed by the store as written by a release before the chain: accepted, and only that position
    expect(firstBreak(new ChainVerifier(1n, new Set([1n])), [legacy!, relinked])).toBeUndefined();
    expect(firstBreak(new ChainVerifier(1n, new Set([7n])), [legacy!])).toMatchObject({ problem: 'unchained' });
  });
});
