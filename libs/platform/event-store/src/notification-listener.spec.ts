import { postgresConnection } from '@tracker/platform/sql';
import { createTempDatabase, describeWithServers, sleep, startTcpProxy, waitUntil } from '@tracker/testing';
import type { RecordedEvent } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store.adapter';
import { event } from './testing/event-store.contract';

describeWithServers(['postgres'], 'event store notifications after a network fault', () => {
  it('reconnect with back-off for as long as the server is unreachable, then wake subscribers at once again', async () => {
    const database = await createTempDatabase('eventstore_listener');
    const url = new URL(database.url);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    const warnings: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message));
    // a poll interval far longer than the test: only a notification can deliver in time
    const reader = await PostgresEventStore.create(postgresConnection(url.toString()), {
      pollIntervalMs: 60_000,
      listenerReconnectDelaysMs: [100, 200],
    });
    const writer = await PostgresEventStore.create(database.connection);
    try {
      expect(reader.notificationsConnected).toBe(true);

      await proxy.cut();
      await waitUntil(() => !reader.notificationsConnected);
      await sleep(1500); // several attempts fail meanwhile
      expect(reader.notificationsConnected).toBe(false);
      await proxy.restore();
      await waitUntil(() => reader.notificationsConnected, 5000);

      const seen: RecordedEvent[] = [];
      const subscription = reader.subscribeToAll({
        after: await writer.lastPosition(),
        onEvents: async (events) => void seen.push(...events),
      });
      await sleep(300); // the subscription has read the empty tail and sleeps
      const appendedAt = Date.now();
      await writer.appendToStream('healed-1', [event('AfterTheFault')], { expectedRevision: 'any' });
      await waitUntil(() => seen.length === 1, 5000);
      expect(Date.now() - appendedAt).toBeLessThan(5000);
      expect(seen.map((e) => [e.streamName, e.type])).toEqual([['healed-1', 'AfterTheFault']]);
      await subscription.stop();
      expect(warnings.filter((w) => w.includes('notifications lost'))).toHaveLength(1);
      expect(warnings.filter((w) => w.includes('notifications restored'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await reader.close();
      await writer.close();
      await proxy.close();
      await database.drop();
    }
  });
});
