import type { PoolConfig } from 'pg';

/**
 * How to reach PostgreSQL: a real server (distributed mode) or the embedded PGlite
 * served on a private unix socket (embedded mode). Either way every component talks
 * to it through `pg`, so the same SQL and the same adapters run on both.
 */
export interface SqlConnection {
  readonly kind: 'postgres' | 'pglite';
  /** options for a `pg.Pool`; callers add their own `max` and application name */
  readonly poolConfig: PoolConfig;
  /** whether LISTEN/NOTIFY reaches other processes (false on PGlite: one process only) */
  readonly supportsNotifications: boolean;
  /** the most connections any one pool of this process may open (TRACKER_DATABASE_POOL_SIZE) */
  readonly maxPoolSize: number;
}

export const SQL_CONNECTION = Symbol('SQL_CONNECTION');

export function postgresConnection(url: string, maxPoolSize = 10): SqlConnection {
  return { kind: 'postgres', poolConfig: { connectionString: url }, supportsNotifications: true, maxPoolSize };
}
