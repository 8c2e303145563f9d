import { isTransientDatabaseError, PromptPool } from '@tracker/platform/sql';
import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Mutual exclusion by key across every replica of a service, for invariants that span
 * streams (one account per login, one product per name): take the lock, check the read
 * model, append, wait until the read model shows it, release. Within the process a
 * promise chain per key serialises callers; across processes a PostgreSQL session-level
 * advisory lock does (no transaction is held, so embedded PostgreSQL's single session is
 * never blocked). Keys are locked in sorted order, so two callers never deadlock.
 *
 * The advisory locks live on a small pool of their own: a lock holder's work needs the
 * read model's pool (queries, the projection it waits for), so holding locks on that same
 * pool would let enough concurrent holders starve each other.
 */
const localChains = new Map<string, Promise<void>>();
const lockPools = new WeakMap<DataSource, Pool>();
const LOCK_POOL_SIZE = 8;

export class KeyedLock {
  constructor(
    private readonly dataSource: DataSource,
    private readonly namespace: string,
  ) {}

  async withLock<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys.map((key) => `${this.namespace}:${key}`))].sort();
    const releaseLocal = await acquireLocal(sorted);
    let client: PoolClient | undefined;
    // a connection lost while the work runs must not end the process (an unheard 'error'
    // event would), nor fail work that was done: a lost session holds no locks any more
    let lost: Error | undefined;
    const onLost = (error: Error): void => {
      lost = error;
    };
    try {
      client = await lockPool(this.dataSource).connect();
      client.on('error', onLost);
      for (const key of sorted) await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await work();
      } finally {
        lost ??= await unlock(client, sorted);
      }
    } finally {
      client?.off('error', onLost);
      client?.release(lost);
      releaseLocal();
    }
  }
}

/** Releases the keys; a lost connection released them already, and is returned to be discarded. */
async function unlock(client: PoolClient, keys: readonly string[]): Promise<Error | undefined> {
  for (const key of [...keys].reverse()) {
    try {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    } catch (error) {
      if (!isTransientDatabaseError(error)) throw error;
      return error instanceof Error ? error : new Error(String(error));
    }
  }
  return undefined;
}

/** Closes the lock pool of a data source (the read model does it when it closes). */
export async function closeLockPool(dataSource: DataSource): Promise<void> {
  const pool = lockPools.get(dataSource);
  lockPools.delete(dataSource);
  await pool?.end();
}

function lockPool(dataSource: DataSource): Pool {
  let pool = lockPools.get(dataSource);
  if (!pool) {
    const options = dataSource.options as { url?: string; host?: string; port?: number; username?: string; database?: string };
    pool = new PromptPool({
      ...(options.url
        ? { connectionString: options.url }
        : { host: options.host, port: options.port, user: options.username, database: options.database }),
      max: Math.min(LOCK_POOL_SIZE, (dataSource.options as { extra?: { max?: number } }).extra?.max ?? LOCK_POOL_SIZE),
      application_name: 'keyed-lock',
      allowExitOnIdle: true,
    });
    // an idle lock connection lost with its server must not crash the process
    pool.on('error', () => undefined);
    lockPools.set(dataSource, pool);
  }
  return pool;
}

/** Shared by every KeyedLock of the process: on embedded PostgreSQL's single session the
 * advisory lock cannot tell two of them apart, so the process-wide chain must. */
async function acquireLocal(keys: readonly string[]): Promise<() => void> {
  const releases: Array<() => void> = [];
  for (const key of keys) {
    const previous = localChains.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chained = previous.then(() => current);
    localChains.set(key, chained);
    await previous;
    releases.push(() => {
      release();
      if (localChains.get(key) === chained) localChains.delete(key);
    });
  }
  return () => releases.reverse().forEach((release) => release());
}
