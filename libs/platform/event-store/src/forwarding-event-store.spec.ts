import type { EventStore } from './event-store.port';
import { EventStreams } from './event-streams';
import { TimedEventStore } from './timed-event-store';
import { TracedEventStore } from './traced-event-store';
import { UpcastingEventStore } from './upcasting-event-store';

describe('the layers of EventStoreModule in front of an adapter', () => {
  it("hand on the adapter's LISTEN state, which the read models' health reads through them", () => {
    const adapter = { notificationsConnected: true } as { notificationsConnected: boolean } & Partial<EventStore>;
    const store = new TimedEventStore(new TracedEventStore(new UpcastingEventStore(adapter as EventStore, new EventStreams([]))));
    expect(store.notificationsConnected).toBe(true);
    adapter.notificationsConnected = false;
    expect(store.notificationsConnected).toBe(false);
  });

  it('hand every read on to the adapter, unchanged', async () => {
    const adapter = { lastPosition: (prefixes?: readonly string[]) => Promise.resolve(BigInt(prefixes?.length ?? 0) + 41n) };
    const store = new TimedEventStore(new TracedEventStore(adapter as unknown as EventStore));
    await expect(store.lastPosition(['bug-'])).resolves.toBe(42n);
  });
});
