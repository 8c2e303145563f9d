import type { RecordedEvent } from './event-store.port';
import { type LogPage, PollingSubscription } from './polling-subscription';
import { WakeSignal } from './wake-signal';

/** A log in memory: what the subscription reads, and how often it read. */
function memoryLog() {
  const events: RecordedEvent[] = [];
  let reads = 0;
  const append = (n: number): void => {
    events.push({
      id: `e${n}`,
      streamName: 'bug-1',
      revision: n,
      position: BigInt(n),
      type: 'Noted',
      data: {},
    } as unknown as RecordedEvent);
  };
  const readPage = (after: bigint, maxCount: number): Promise<LogPage> => {
    reads += 1;
    const page = events.filter((event) => event.position > after).slice(0, maxCount);
    return Promise.resolve({ events: page, scannedUpTo: page.at(-1)?.position ?? after });
  };
  return { append, readPage, reads: () => reads };
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
