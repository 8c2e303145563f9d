import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import { Pool } from 'pg';
import { IdempotencyStore } from './idempotency-store';

const OPTIONS = { ttlHours: 24, inFlightLimitMs: 60_000 };

function describeStore(target: string, open: () => Promise<TestDatabase>): void {
  describe(`IdempotencyStore on ${target}`, () => {
    let database: TestDatabase;
    let store: IdempotencyStore;
    let sql: Pool;

    beforeAll(async () => {
      database = await open();
      store = new IdempotencyStore(database.connection, OPTIONS);
      await store.migrate();
      sql = new Pool({ ...database.connection.poolConfig, max: 1 });
    }, 60_000);

    afterAll(async () => {
      await sql?.end();
      await store?.close();
      await database?.dispose();
    });

    const rowOf = async (scope: string, key: string): Promise<unknown> =>
      (
        await sql.query('SELECT request_hash, state, status, body::jsonb AS body FROM idempotency_keys WHERE scope = $1 AND key = $2', [
          scope,
          key,
        ])
      ).rows[0];

    it('records a new key in flight, then replays the stored reply to the same request', async () => {
      expect(await store.claim('user:1 POST /bug', 'k1', 'h1')).toEqual({ kind: 'new' });
      expect(await rowOf('user:1 POST /bug', 'k1')).toEqual({ request_hash: 'h1', state: 'in-flight', status: null, body: null });
      expect(await store.claim('user:1 POST /bug', 'k1', 'h1')).toEqual({ kind: 'in-flight' });
      await store.complete('user:1 POST /bug', 'k1', 200, { id: 7 });
      expect(await store.claim('user:1 POST /bug', 'k1', 'h1')).toEqual({ kind: 'replay', status: 200, body: { id: 7 } });
    });

    it('refuses the key for a different request, and keeps keys apart by scope', async () => {
      await store.claim('user:1 POST /bug', 'k2', 'h1');
      await store.complete('user:1 POST /bug', 'k2', 200, { id: 8 });
      expect(await store.claim('user:1 POST /bug', 'k2', 'other')).toEqual({ kind: 'mismatch' });
      expect(await store.claim('user:2 POST /bug', 'k2', 'other')).toEqual({ kind: 'new' });
      expect(await rowOf('user:1 POST /bug', 'k2')).toEqual({ request_hash: 'h1', state: 'done', status: 200, body: { id: 8 } });
    });

    it('lets exactly one of concurrent first requests through', async () => {
      const claims = await Promise.all(Array.from({ length: 8 }, () => store.claim('user:3 POST /bug', 'race', 'h')));
      expect(claims.filter((claim) => claim.kind === 'new')).toHaveLength(1);
      expect(claims.filter((claim) => claim.kind === 'in-flight')).toHaveLength(7);
    });

    it('releases a request that was not done, so that its retry runs', async () => {
      await store.claim('user:4 PUT /bug/1', 'k', 'h');
      await store.release('user:4 PUT /bug/1', 'k');
      expect(await rowOf('user:4 PUT /bug/1', 'k')).toBeUndefined();
      expect(await store.claim('user:4 PUT /bug/1', 'k', 'h')).toEqual({ kind: 'new' });
    });

    it('keeps a request that got no answer in doubt; release does not drop it', async () => {
      await store.claim('user:5 PUT /bug/1', 'k', 'h');
      await store.markInDoubt('user:5 PUT /bug/1', 'k');
      await store.release('user:5 PUT /bug/1', 'k');
      expect(await store.claim('user:5 PUT /bug/1', 'k', 'h')).toEqual({ kind: 'in-doubt' });
      expect(await rowOf('user:5 PUT /bug/1', 'k')).toEqual({ request_hash: 'h', state: 'in-doubt', status: null, body: null });
    });

    it('reports an entry in flight for longer than a gateway can wait as in doubt (its gateway died)', async () => {
      await store.claim('user:6 POST /bug', 'k', 'h');
      await sql.query(`UPDATE idempotency_keys SET created_at = now() - interval '2 minutes' WHERE scope = 'user:6 POST /bug'`);
      expect(await store.claim('user:6 POST /bug', 'k', 'h')).toEqual({ kind: 'in-doubt' });
    });

    it('forgets entries older than the TTL: the key is new again', async () => {
      await store.claim('user:7 POST /bug', 'k', 'h');
      await store.complete('user:7 POST /bug', 'k', 200, { id: 9 });
      await sql.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE scope = 'user:7 POST /bug'`);
      expect(await store.claim('user:7 POST /bug', 'k', 'other')).toEqual({ kind: 'new' });
      expect(await rowOf('user:7 POST /bug', 'k')).toEqual({ request_hash: 'other', state: 'in-flight', status: null, body: null });
    });

    it('creates the table once when several replicas start on a new database at the same moment', async () => {
      const fresh = await open();
      const replicas = [1, 2, 3, 4].map(() => new IdempotencyStore(fresh.connection, OPTIONS));
      try {
        await Promise.all(replicas.map((replica) => replica.migrate()));
        const claims = await Promise.all(replicas.map((replica) => replica.claim('user:1 POST /bug', 'k', 'h')));
        expect(claims.map((claim) => claim.kind).sort()).toEqual(['in-flight', 'in-flight', 'in-flight', 'new']);
      } finally {
        await Promise.all(replicas.map((replica) => replica.close()));
        await fresh.dispose();
      }
    }, 60_000);

    it('migrates again harmlessly (every replica runs it)', async () => {
      const second = new IdempotencyStore(database.connection, OPTIONS);
      await second.migrate();
      expect(await second.claim('user:1 POST /bug', 'k1', 'h1')).toEqual({ kind: 'replay', status: 200, body: { id: 7 } });
      await second.close();
    });
  });
}

describeOnBothPostgres('idempotency_store', describeStore);
