import type { EventStore } from '@tracker/platform/event-store';
import { ConnectionState, type ConnectionStates } from '@tracker/platform/messaging';
import type { SqlConnection } from '@tracker/platform/sql';
import type { DataSource } from 'typeorm';

/** How often the pool is tried, and how long a trial may take before the database counts as away. */
const CHECK_EVERY_MS = 2000;
const CHECK_TIMEOUT_MS = 3000;

/**
 * Puts a read model's connections in the process's health reply while they are down:
 * its pool (a `SELECT 1` every 2 s; the pool itself opens new connections on the next
 * query, so it heals by itself, and projections retry with back-off meanwhile) and the
 * event store's notifications (the listener reconnects and logs by itself). On the
 * embedded PGlite there is one process and no notification channel: only the pool is
 * watched there, with a lenient timeout since its single session may be busy.
 */
export function watchReadModelConnections(
  states: ConnectionStates,
  schema: string,
  dataSource: DataSource,
  store: EventStore,
  connection: SqlConnection,
): () => void {
  const stops = [states.monitor(new ConnectionState(`read model database (${schema})`), () => probe(dataSource), CHECK_EVERY_MS)];
  const notifications = 'event-store notifications';
  if (connection.supportsNotifications && store.notificationsConnected !== undefined && !states.has(notifications)) {
    const state = new ConnectionState(notifications, undefined); // the listener logs its own loss and return
    stops.push(
      states.monitor(state, () => {
        if (store.notificationsConnected === false) throw new Error('the LISTEN connection is lost; subscriptions poll meanwhile');
      }),
    );
  }
  return () => stops.forEach((stop) => stop());
}

async function probe(dataSource: DataSource): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([dataSource.query('SELECT 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
