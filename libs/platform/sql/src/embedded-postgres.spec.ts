import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { EmbeddedPostgres } from './embedded-postgres';

describe('EmbeddedPostgres', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tracker-embedded-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const withPool = async <T>(embedded: EmbeddedPostgres, work: (pool: Pool) => Promise<T>): Promise<T> => {
    const pool = new Pool({ ...embedded.connection().poolConfig, max: 4 });
    try {
      return await work(pool);
    } finally {
      await pool.end();
    }
  };

  it('keeps its data in the data directory across a restart', async () => {
    const first = await EmbeddedPostgres.start(join(dataDir, 'pg'));
    await withPool(first, async (pool) => {
      await pool.query('CREATE TABLE kept (id int PRIMARY KEY, note text)');
      await pool.query(`INSERT INTO kept VALUES (1, 'Ünïcödé ✓')`);
    });
    await first.stop();

    const second = await EmbeddedPostgres.start(join(dataDir, 'pg'));
    const rows = await withPool(second, (pool) => pool.query<{ id: number; note: string }>('SELECT id, note FROM kept'));
    await second.stop();
    expect(rows.rows).toEqual([{ id: 1, note: 'Ünïcödé ✓' }]);
  });

  it('keeps transactions of concurrent connections apart on its single session', async () => {
    const embedded = await EmbeddedPostgres.start(undefined);
    const duplicates = await withPool(embedded, async (pool) => {
      await pool.query('CREATE TABLE counted (n int)');
      // each transaction reads the count and writes it back: interleaving would repeat numbers
      await Promise.all(
        Array.from({ length: 40 }, async () => {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const { rows } = await client.query<{ c: number }>('SELECT count(*)::int AS c FROM counted');
            await new Promise((resolve) => setTimeout(resolve, 1));
            await client.query('INSERT INTO counted VALUES ($1)', [rows[0]?.c]);
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }),
      );
      const { rows } = await pool.query<{ n: number }>('SELECT n FROM counted ORDER BY n');
      return rows.map((row) => row.n);
    });
    await embedded.stop();
    expect(duplicates).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
