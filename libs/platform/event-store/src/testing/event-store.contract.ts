import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store.port';
import { sleep, waitUntil } from '@tracker/testing';
import { START, WrongExpectedRevisionError } from '../event-store.port';
import { ChainVerifier } from '../audit/chain-verifier';
import { GENESIS_HASH } from '../audit/event-hash';

/**
 * The behaviour every event-store adapter must show: optimistic concurrency on append,
 * stream reads both ways, a totally ordered global log readable from any position, and
 * catch-up-then-live subscriptions that deliver every event exactly once, in order,
 * even while several writers append concurrently; every event linked into its stream's
 * hash chain (docs/audit.md).
 */
export interface EventStoreFixture {
  readonly store: EventStore;
  readonly dispose: () => Promise<void>;
}

export function describeEventStoreContract(name: string, createFixture: () => Promise<EventStoreFixture>): void {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture | undefined;
    let store: EventStore;
    const unique = (prefix: string): string => `${prefix}${randomUUID().slice(0, 8)}-`;

    beforeAll(async () => {
      fixture = await createFixture();
      store = fixture.store;
    });
    afterAll(async () => {
      // when the fixture failed to start, its own error is the one worth reading
      await fixture?.dispose();
    });

    it('appends to a new stream and reads it back with revisions and metadata', async () => {
      const stream = `${unique('thing')}1`;
      const result = await store.appendToStream(stream, [event('Created', { title: 'Ünïcödé ✓ 😀' }), event('Renamed', { title: 'b' })], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextExpectedRevision).toBe(1);
      expect(result.position).toBeGreaterThan(START);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.type, e.revision, e.streamName])).toEqual([
        ['Created', 0, stream],
        ['Renamed', 1, stream],
      ]);
      expect(read[0]?.data).toEqual({ title: 'Ünïcödé ✓ 😀' });
      expect(read[0]?.schemaVersion).toBe(2);
      expect(read[0]?.metadata).toEqual({ ...metadata(), hash: expect.stringMatching(/^[0-9a-f]{64}$/), previousHash: GENESIS_HASH });
      expect(read[1]?.position).toBe(result.position);
    });

    it('links every appended event into its stream hash chain, each stream from the genesis value', async () => {
      const stream = `${unique('chained')}1`;
      const other = `${unique('chained')}2`;
      await store.appendToStream(stream, [event('A', { n: 1, nested: { z: [1, 'ü'], a: null } }), event('B')], {
        expectedRevision: 'no_stream',
      });
      await store.appendToStream(other, [event('X')], { expectedRevision: 'no_stream' });
      await store.appendToStream(stream, [event('C')], { expectedRevision: 1 });
      await store.appendToStream(stream, [event('D')], { expectedRevision: 'any' });

      const read = await store.readStream(stream);
      const [otherFirst] = await store.readStream(other);
      expect(read.map((e) => e.metadata.previousHash)).toEqual([GENESIS_HASH, ...read.slice(0, -1).map((e) => e.metadata.hash)]);
      expect(otherFirst?.metadata.previousHash).toBe(GENESIS_HASH);
      expect(new Set([...read, otherFirst].map((e) => e?.metadata.hash)).size).toBe(5);
      const verifier = new ChainVerifier(START);
      expect([...read, otherFirst!].map((e) => verifier.check(e))).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(verifier.summary()).toEqual({ events: 5, streams: 2, unchained: 0 });
    });

    it('refuses an append whose expected revision is stale, reporting the actual one', async () => {
      const stream = `${unique('thing')}1`;
      await store.appendToStream(stream, [event('A')], { expectedRevision: 'no_stream' });
      await store.appendToStream(stream, [event('B')], { expectedRevision: 0 });

      const stale = store.appendToStream(stream, [event('C')], { expectedRevision: 0 });
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(stale).rejects.toMatchObject({ streamName: stream, expected: 0, actual: 1 });
      await expect(store.appendToStream(stream, [event('C')], { expectedRevision: 'no_stream' })).rejects.toMatchObject({
        actual: 1,
      });
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('honours any and stream_exists', async () => {
      const stream = `${unique('thing')}1`;
      await expect(store.appendToStream(stream, [event('A')], { expectedRevision: 'stream_exists' })).rejects.toMatchObject({
        actual: 'no_stream',
      });
      await store.appendToStream(stream, [event('A')], { expectedRevision: 'any' });
      const second = await store.appendToStream(stream, [event('B')], { expectedRevision: 'stream_exists' });
      expect(second.nextExpectedRevision).toBe(1);
    });

    it('lets exactly one of two concurrent appends with the same expected revision win', async () => {
      const stream = `${unique('thing')}1`;
      await store.appendToStream(stream, [event('A')], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled([
        store.appendToStream(stream, [event('B1')], { expectedRevision: 0 }),
        store.appendToStream(stream, [event('B2')], { expectedRevision: 0 }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('reads a stream forwards and backwards from a revision, with a maximum count', async () => {
      const stream = `${unique('thing')}1`;
      await store.appendToStream(
        stream,
        ['E0', 'E1', 'E2', 'E3', 'E4'].map((t) => event(t)),
        { expectedRevision: 'no_stream' },
      );
      const types = (events: RecordedEvent[]): string[] => events.map((e) => e.type);
      expect(types(await store.readStream(stream, { fromRevision: 2 }))).toEqual(['E2', 'E3', 'E4']);
      expect(types(await store.readStream(stream, { fromRevision: 1, maxCount: 2 }))).toEqual(['E1', 'E2']);
      expect(types(await store.readStream(stream, { direction: 'backwards' }))).toEqual(['E4', 'E3', 'E2', 'E1', 'E0']);
      expect(types(await store.readStream(stream, { direction: 'backwards', fromRevision: 2, maxCount: 2 }))).toEqual(['E2', 'E1']);
      expect(await store.readStream(`${unique('missing')}1`)).toEqual([]);
    });

    it('reads the global log after a position, filtered by stream prefix, in increasing order', async () => {
      const prefixA = unique('alpha');
      const prefixB = unique('beta');
      const first = await store.appendToStream(`${prefixA}1`, [event('A1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(`${prefixB}1`, [event('B1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(`${prefixA}2`, [event('A2'), event('A3')], { expectedRevision: 'no_stream' });

      const all = await store.readAll({ after: first.position - 1n, maxCount: 100 });
      expect(all.map((e) => e.type).slice(0, 4)).toEqual(['A1', 'B1', 'A2', 'A3']);
      expectIncreasing(all);

      const onlyA = await store.readAll({ after: first.position - 1n, streamPrefixes: [prefixA] });
      expect(onlyA.map((e) => e.type)).toEqual(['A1', 'A2', 'A3']);
      const afterFirst = await store.readAll({ after: first.position, streamPrefixes: [prefixA, prefixB] });
      expect(afterFirst.map((e) => e.type)).toEqual(['B1', 'A2', 'A3']);
      const limited = await store.readAll({ after: first.position - 1n, streamPrefixes: [prefixA], maxCount: 2 });
      expect(limited.map((e) => e.type)).toEqual(['A1', 'A2']);
    });

    it('tells the position of the newest event, overall and of some streams', async () => {
      const prefix = unique('newest');
      expect(await store.lastPosition([prefix])).toBe(START);
      const mine = await store.appendToStream(`${prefix}1`, [event('Mine')], { expectedRevision: 'no_stream' });
      const other = await store.appendToStream(`${unique('later')}1`, [event('Other')], { expectedRevision: 'no_stream' });
      expect(await store.lastPosition([prefix])).toBe(mine.position);
      expect(await store.lastPosition()).toBe(other.position);
    });

    it('reads the global log after a position together with the head of the whole log', async () => {
      const prefix = unique('headed');
      const first = await store.appendToStream(`${prefix}1`, [event('H1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(`${unique('aside')}1`, [event('Aside')], { expectedRevision: 'no_stream' });
      const last = await store.appendToStream(`${prefix}2`, [event('H2'), event('H3')], { expectedRevision: 'no_stream' });

      const read = await store.readAllWithHead({ after: first.position - 1n, streamPrefixes: [prefix] });
      expect(read.events.map((e) => e.type)).toEqual(['H1', 'H2', 'H3']);
      // other suites may append to the same log meanwhile: the head is at least the newest event here
      expect(read.head).toBeGreaterThanOrEqual(last.position);
      expect(read.head).toBeLessThanOrEqual(await store.lastPosition());
      const limited = await store.readAllWithHead({ after: first.position - 1n, streamPrefixes: [prefix], maxCount: 1 });
      expect(limited.events.map((e) => e.type)).toEqual(['H1']);
      expect(limited.head).toBeGreaterThanOrEqual(last.position);
      const nothing = await store.readAllWithHead({ after: last.position, streamPrefixes: [prefix] });
      expect(nothing.events).toEqual([]);
      expect(nothing.head).toBeGreaterThanOrEqual(last.position);
    });

    it('catches up and then delivers live events, filtered by prefix, and stops', async () => {
      const prefix = unique('live');
      const before = await store.appendToStream(`${prefix}1`, [event('Old')], { expectedRevision: 'no_stream' });
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({
        after: before.position - 1n,
        streamPrefixes: [prefix],
        onEvents: (events) => {
          seen.push(...events);
          return Promise.resolve();
        },
      });
      await store.appendToStream(`${unique('other')}1`, [event('Ignored')], { expectedRevision: 'no_stream' });
      const last = await store.appendToStream(`${prefix}2`, [event('New1'), event('New2')], { expectedRevision: 'no_stream' });
      await waitUntil(() => seen.length >= 3);
      await subscription.stop();
      expect(seen.map((e) => e.type)).toEqual(['Old', 'New1', 'New2']);
      expect(seen.at(-1)?.position).toBe(last.position);

      await store.appendToStream(`${prefix}3`, [event('AfterStop')], { expectedRevision: 'no_stream' });
      await sleep(100);
      expect(seen).toHaveLength(3);
    });

    it('resumes a subscription from a checkpoint without repeating events', async () => {
      const prefix = unique('resume');
      const a = await store.appendToStream(`${prefix}1`, [event('E1'), event('E2')], { expectedRevision: 'no_stream' });
      await store.appendToStream(`${prefix}2`, [event('E3')], { expectedRevision: 'no_stream' });
      const seen: string[] = [];
      const subscription = store.subscribeToAll({
        after: a.position,
        streamPrefixes: [prefix],
        onEvents: (events) => {
          seen.push(...events.map((e) => e.type));
          return Promise.resolve();
        },
      });
      await waitUntil(() => seen.length >= 1);
      await sleep(50);
      await subscription.stop();
      expect(seen).toEqual(['E3']);
    });

    it('delivers every event exactly once and in global order while two writers append 5,000 events each', async () => {
      const prefix = unique('race');
      const perWriter = 5000;
      const seen: RecordedEvent[] = [];
      const first = await store.appendToStream(`${prefix}start`, [event('Start')], { expectedRevision: 'no_stream' });
      const subscription = store.subscribeToAll({
        after: first.position,
        streamPrefixes: [prefix],
        batchSize: 250,
        onEvents: (events) => {
          seen.push(...events);
          return Promise.resolve();
        },
      });
      // each writer keeps several appends in flight, so commits finish out of order
      const writer = async (name: string): Promise<void> => {
        const lanes = 8;
        await Promise.all(
          Array.from({ length: lanes }, async (_, lane) => {
            for (let i = lane; i < perWriter; i += lanes) {
              await store.appendToStream(`${prefix}${name}-${i % 50}`, [event('Raced', { writer: name, i })], {
                expectedRevision: 'any',
              });
            }
          }),
        );
      };
      await Promise.all([writer('a'), writer('b')]);
      await waitUntil(() => seen.length >= 2 * perWriter, 120_000);
      await sleep(100);
      await subscription.stop();

      expect(seen).toHaveLength(2 * perWriter);
      expect(new Set(seen.map((e) => e.id)).size).toBe(2 * perWriter);
      expectIncreasing(seen);
      const logged = await readWholeLog(store, first.position, prefix);
      expect(seen.map((e) => e.id)).toEqual(logged.map((e) => e.id));
    }, 180_000);
  });
}

export function event(type: string, data: Record<string, unknown> = { at: type }): NewEvent {
  return { id: randomUUID(), type, data, schemaVersion: 2, metadata: metadata() };
}

function metadata(): NewEvent['metadata'] {
  return { actor: 7, occurredAt: '2026-11-22T10:00:00.000Z', correlationId: 'corr-1', causationId: 'cause-1' };
}

function expectIncreasing(events: readonly RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    const previous = events[i - 1];
    const current = events[i];
    if (previous && current && !(current.position > previous.position)) {
      throw new Error(`position ${current.position} at index ${i} does not follow ${previous.position}`);
    }
  }
}

async function readWholeLog(store: EventStore, after: bigint, prefix: string): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let position = after; ;) {
    const page = await store.readAll({ after: position, streamPrefixes: [prefix], maxCount: 1000 });
    const last = page.at(-1);
    if (!last) return all;
    all.push(...page);
    position = last.position;
  }
}
