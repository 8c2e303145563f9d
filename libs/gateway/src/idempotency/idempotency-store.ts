import { DomainError } from '@tracker/contracts';
import { isTransientDatabaseError, type SqlConnection } from '@tracker/platform/sql';
import { Pool } from 'pg';

/** What the store knows of a key when a request brings it. */
export type IdempotencyClaim =
  /** the key is new: this request was recorded in flight and is to be served */
  | { readonly kind: 'new' }
  /** the same request was answered: its reply, to send again */
  | { readonly kind: 'replay'; readonly status: number; readonly body: unknown }
  /** the key was used for another request */
  | { readonly kind: 'mismatch' }
  /** the same request is being served now */
  | { readonly kind: 'in-flight' }
  /** the same request got no answer (a timeout, a crash): it may have been applied */
  | { readonly kind: 'in-doubt' };

export interface IdempotencyStoreOptions {
  /** entries older than this are forgotten (TRACKER_IDEMPOTENCY_TTL_HOURS) */
  readonly ttlHours: number;
  /** an entry in flight longer than this lost its gateway (crash, restart): it is in doubt */
  readonly inFlightLimitMs: number;
}

const MIGRATION = `
CREATE TABLE IF NOT EXISTS idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL,
  status integer,
  -- text, not jsonb: a replay is the first reply byte for byte (jsonb reorders keys)
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at);`;

/** Global sweeps of expired entries happen at most this often; a key's own expiry is checked on each use. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * The gateway's Idempotency-Key records in PostgreSQL, so that they hold across gateway
 * replicas and restarts (docs/operations.md, safe retries). A row is written in flight
 * before the service is called and completed with the reply after; two concurrent first
 * requests race on the primary key, and only the one whose insert lands is served.
 */
export class IdempotencyStore {
  private readonly pool: Pool;
  private ready: Promise<void> | undefined;
  private lastSweep = 0;

  constructor(
    connection: SqlConnection,
    private readonly options: IdempotencyStoreOptions,
  ) {
    this.pool = new Pool({
      ...connection.poolConfig,
      max: Math.min(4, connection.maxPoolSize),
      application_name: 'tracker-gateway-idempotency',
    });
    // a connection lost while idle must not end the process; the next query reports it
    this.pool.on('error', () => undefined);
  }

  /** Creates the table (once per process; safe to run on every replica). */
  migrate(): Promise<void> {
    this.ready ??= this.createTable().then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }

  /** Under a transaction-scoped advisory lock: two replicas creating the table at once would collide in the catalog. */
  private async createTable(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('tracker.idempotency_keys', 0))`);
      await client.query(MIGRATION);
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }

  async claim(scope: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    return this.guarded(async () => {
      await this.migrate();
      await this.sweep(scope, key);
      const inserted = await this.pool.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, state) VALUES ($1, $2, $3, 'in-flight')
         ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
        [scope, key, requestHash],
      );
      if (inserted.rowCount === 1) return { kind: 'new' };
      const found = await this.pool.query<{
        request_hash: string;
        state: string;
        status: number | null;
        body: string | null;
        stale: boolean;
      }>(
        `SELECT request_hash, state, status, body, created_at < now() - make_interval(secs => $3) AS stale
         FROM idempotency_keys WHERE scope = $1 AND key = $2`,
        [scope, key, this.options.inFlightLimitMs / 1000],
      );
      const row = found.rows[0];
      // released between the insert and the select: the caller may try again at once
      if (!row) return { kind: 'in-flight' };
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.state === 'done')
        return { kind: 'replay', status: row.status ?? 200, body: row.body === null ? null : (JSON.parse(row.body) as unknown) };
      if (row.state === 'in-doubt' || row.stale) return { kind: 'in-doubt' };
      return { kind: 'in-flight' };
    });
  }

  /** Records the reply of a request served. */
  async complete(scope: string, key: string, status: number, body: unknown): Promise<void> {
    await this.pool.query(`UPDATE idempotency_keys SET state = 'done', status = $3, body = $4 WHERE scope = $1 AND key = $2`, [
      scope,
      key,
      status,
      JSON.stringify(body),
    ]);
  }

  /** Forgets a request that was not done (the service refused it before changing anything): a retry runs again. */
  async release(scope: string, key: string): Promise<void> {
    await this.pool.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'in-flight'`, [scope, key]);
  }

  /** Marks a request that got no answer: it may have been applied. */
  async markInDoubt(scope: string, key: string): Promise<void> {
    await this.pool.query(`UPDATE idempotency_keys SET state = 'in-doubt' WHERE scope = $1 AND key = $2 AND state = 'in-flight'`, [
      scope,
      key,
    ]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** Lazy expiry: this key's own entry always, every entry now and then. */
  private async sweep(scope: string, key: string): Promise<void> {
    const hours = this.options.ttlHours;
    await this.pool.query(
      `DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND created_at < now() - make_interval(hours => $3)`,
      [scope, key, hours],
    );
    if (Date.now() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = Date.now();
    await this.pool.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [hours]);
  }

  /** The database away before anything was called: nothing was done, the client may retry. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isTransientDatabaseError(error)) throw error;
      throw new DomainError('serviceUnavailable', 'The store of idempotency keys cannot be reached; nothing was done. Retry later.');
    }
  }
}
