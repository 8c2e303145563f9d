import pg, { Pool, type PoolClient } from 'pg';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { PromptPool, promptPg } from './prompt-pool';

describeWithServers(['postgres'], 'PromptPool on the real PostgreSQL server', () => {
  let pool: PromptPool;

  afterEach(async () => {
    await pool.end();
  });

  /** `pool` with `idle` connections opened and given back */
  async function withIdle(max: number, idle: number): Promise<void> {
    pool = new PromptPool({ connectionString: TEST_SERVER_URLS.postgres, max });
    const clients = await Promise.all(Array.from({ length: idle }, () => pool.connect()));
    for (const client of clients) client.release();
  }

  it('hands an idle connection to a query at once, where pg-pool waits for the next tick', async () => {
    await withIdle(2, 1);
    const answer = pool.query<{ n: number }>('SELECT 41 + 1 AS n');
    expect(pool.idleCount).toBe(0);
    expect((await answer).rows).toEqual([{ n: 42 }]);
    expect(pool.idleCount).toBe(1);

    // pg's own pool, for comparison: the connection is still idle when the call returns
    const plain = new Pool({ connectionString: TEST_SERVER_URLS.postgres, max: 1 });
    try {
      (await plain.connect()).release();
      const later = plain.query('SELECT 1');
      expect(plain.idleCount).toBe(1);
      await later;
    } finally {
      await plain.end();
    }
  });

  it('hands an idle connection to connect() at once, with or without a callback', async () => {
    await withIdle(2, 2);
    const first = pool.connect();
    let second: PoolClient | undefined;
    pool.connect((error, client) => {
      if (error) throw error;
      second = client;
    });
    expect(pool.idleCount).toBe(0);
    expect(second).toBeDefined();
    const client = await first;
    expect((await client.query<{ n: string }>('SELECT 7::text AS n')).rows).toEqual([{ n: '7' }]);
    client.release();
    second?.release();
    expect(pool.idleCount).toBe(2);
  });

  it('queues a request while every connection is busy, and serves it when one comes back', async () => {
    await withIdle(1, 1);
    const held = await pool.connect();
    const waiting = pool.query<{ n: number }>('SELECT 5 AS n');
    expect(pool.waitingCount).toBe(1);
    held.release();
    expect((await waiting).rows).toEqual([{ n: 5 }]);
    expect(pool.waitingCount).toBe(0);
  });

  it('refuses new work once ended, as pg-pool does', async () => {
    await withIdle(1, 1);
    await pool.end();
    await expect(pool.connect()).rejects.toThrow('Cannot use a pool after calling end on the pool');
    pool = new PromptPool({ connectionString: TEST_SERVER_URLS.postgres, max: 1 });
  });
});

describe('promptPg', () => {
  it('is pg with PromptPool as its Pool, for TypeORM to create its pool from', () => {
    expect(promptPg.Pool).toBe(PromptPool);
    expect(promptPg.types).toBe(pg.types);
    expect(promptPg.defaults).toBe(pg.defaults);
    expect(promptPg.Client).toBe(pg.Client);
  });
});
