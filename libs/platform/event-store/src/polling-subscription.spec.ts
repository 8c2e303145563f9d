import type { RecordedEvent } from './event-store.port';
import { KnownAppends } from './known-appends';
import { type LogPage, PollingSubscription } from './polling-subscription';
import { WakeSignal } from './wake-signal';

/** A log in memory: what the subscription reads, and how often it read. */
function memoryLog() {
  const events: RecordedEvent[] = [];
  let reads = 0;
  const append = (n: number, streamName = 'bug-1'): void => {
    events.push({
      id: `e${n}`,
      streamName,
      revision: n,
      position: BigInt(n),
      type: 'Noted',
      data: {},
    } as unknown as RecordedEvent);
  };
  const readPage = (after: bigint, maxCount: number, prefixes: readonly string[] | undefined): Promise<LogPage> => {
    reads += 1;
    const newer = events.filter((event) => event.position > after);
    const page = newer.filter((event) => prefixes?.some((prefix) => event.streamName.startsWith(prefix)) ?? true).slice(0, maxCount);
    return Promise.resolve({ events: page, scannedUpTo: newer.at(-1)?.position ?? after });
  };
  return { events, append, readPage, reads: () => reads };
}

/** Lets the subscription's promises run without moving the clock. */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('PollingSubscription: batchIntervalMs gathers the appends of a live subscriber into one read', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('appends signalled within the interval are read once, as one batch, when it ends; stopping ends the wait', async () => {
    const log = memoryLog();
    const signal = new WakeSignal();
    const batches: string[][] = [];
    const onEvents = (events: readonly RecordedEvent[]) => Promise.resolve(void batches.push(events.map((event) => event.id)));
    const subscription = new PollingSubscription(log.readPage, signal, { onEvents, batchIntervalMs: 1000 }, 60_000);
    await settle();
    expect(log.reads()).toBe(1);

    log.append(1);
    signal.notify();
    await settle();
    log.append(2);
    signal.notify();
    await jest.advanceTimersByTimeAsync(999);
    expect(log.reads()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(log.reads()).toBe(2);
    expect(batches).toEqual([['e1', 'e2']]);

    log.append(3);
    signal.notify();
    await settle();
    await subscription.stop();
    expect(log.reads()).toBe(2);
  });

  it('without it, each signalled append is read at once', async () => {
    const log = memoryLog();
    const signal = new WakeSignal();
    const batches: string[][] = [];
    const onEvents = (events: readonly RecordedEvent[]) => Promise.resolve(void batches.push(events.map((event) => event.id)));
    const subscription = new PollingSubscription(log.readPage, signal, { onEvents }, 60_000);
    await settle();
    log.append(1);
    signal.notify();
    await settle();
    log.append(2);
    signal.notify();
    await settle();
    expect(batches).toEqual([['e1'], ['e2']]);
    await subscription.stop();
  });
});

describe('PollingSubscription: own appends are taken from what the store knows, without a read', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("takes its streams' events and passes over the others; reads for what is not known, and always after the poll interval", async () => {
    const log = memoryLog();
    const signal = new WakeSignal();
    const known = new KnownAppends();
    const batches: string[][] = [];
    const scanned: bigint[] = [];
    const onEvents = (events: readonly RecordedEvent[]) => Promise.resolve(void batches.push(events.map((event) => event.id)));
    const options = { onEvents, onScanned: (position: bigint) => void scanned.push(position), streamPrefixes: ['bug-'] };
    const subscription = new PollingSubscription(log.readPage, signal, options, 60_000, known);
    await settle();
    expect(log.reads()).toBe(1);

    const ownAppend = (n: number, streamName: string): void => {
      log.append(n, streamName);
      known.appended(log.events.filter((event) => event.position === BigInt(n)));
      signal.notify();
    };
    ownAppend(1, 'user-1');
    await settle();
    ownAppend(2, 'bug-7');
    await settle();
    ownAppend(3, 'product-1');
    await settle();
    expect([log.reads(), batches, scanned.at(-1)]).toEqual([1, [['e2']], 3n]);

    // another process's append, announced by its NOTIFY
    log.append(4, 'bug-8');
    known.announce(4n);
    signal.notify();
    await settle();
    expect([log.reads(), batches.at(-1)]).toEqual([2, ['e4']]);

    // a missed announcement, then the poll interval: both read
    known.missedSome();
    ownAppend(5, 'user-2');
    await settle();
    await jest.advanceTimersByTimeAsync(60_000);
    expect([log.reads(), scanned.at(-1)]).toEqual([4, 5n]);
    await subscription.stop();
  });
});
