import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { Client, Pool } from 'pg';
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

  it('does not keep what it has answered: reading a large value again and again leaves its memory flat', async () => {
    const embedded = await EmbeddedPostgres.start(undefined);
    try {
      const grown = await withPool(embedded, async (pool) => {
        await pool.query('CREATE TABLE big (body text)');
        await pool.query('INSERT INTO big VALUES (repeat($1, 4000000))', ['x']);
        const read = async (): Promise<void> => {
          const { rows } = await pool.query<{ length: number }>('SELECT body, length(body) AS length FROM big');
          expect(rows[0]?.length).toBe(4_000_000);
        };
        for (let i = 0; i < 5; i++) await read();
        const before = await embedded.memory();
        // 40 more reads: 160 MB of answers that a worker keeping its replies would still hold
        for (let i = 0; i < 40; i++) await read();
        const after = await embedded.memory();
        return after.heapUsedBytes + after.externalBytes - (before.heapUsedBytes + before.externalBytes);
      });
      expect(grown).toBeLessThan(60 * 1024 * 1024);
    } finally {
      await embedded.stop();
    }
  }, 60_000);

  it("reports PostgreSQL's WebAssembly memory, which holds at least its 32 MB buffer pool", async () => {
    const embedded = await EmbeddedPostgres.start(undefined);
    try {
      const setting = await withPool(embedded, (pool) => pool.query<{ shared_buffers: string }>('SHOW shared_buffers'));
      expect(setting.rows).toEqual([{ shared_buffers: '32MB' }]);
      const { wasmBytes } = await embedded.memory();
      // WebAssembly memory comes in 64 KiB pages
      expect(wasmBytes % 65_536).toBe(0);
      expect(wasmBytes).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    } finally {
      await embedded.stop();
    }
  });

  it('rolls back the transaction of a client that leaves while its BEGIN runs, so others are not blocked', async () => {
    const embedded = await EmbeddedPostgres.start(undefined);
    try {
      const leaving = new Client(embedded.connection().poolConfig);
      leaving.on('error', () => undefined);
      await leaving.connect();
      await leaving.query('CREATE TABLE touched (n int)');
      const running = leaving.query('BEGIN; INSERT INTO touched VALUES (1); SELECT pg_sleep(0.3)').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      (leaving as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await running;
      const rows = await withPool(embedded, (pool) => pool.query<{ c: number }>('SELECT count(*)::int AS c FROM touched'));
      expect(rows.rows).toEqual([{ c: 0 }]);
    } finally {
      await embedded.stop();
    }
  }, 20_000);

  it('drops a client that breaks the protocol and keeps serving the others', async () => {
    const embedded = await EmbeddedPostgres.start(undefined);
    const { host } = embedded.connection().poolConfig;
    const misbehave = async (...writes: Buffer[]): Promise<void> => {
      const socket = connect(join(String(host), '.s.PGSQL.5432'));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.on('error', () => undefined);
      // read what the server answers (a good startup is answered): a paused socket never
      // reads the end of the stream after it, so 'close' would never come
      socket.resume();
      for (const bytes of writes) socket.write(bytes);
      await closed;
    };
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.concat([Buffer.from([0, 0, 0, 8 + params.length, 0, 3, 0, 0]), params]);
    try {
      // a startup message naming no user (PGlite itself would exit on it)
      await misbehave(Buffer.from([0, 0, 0, 8, 0, 3, 0, 0]));
      // a good startup, then a message claiming a negative length
      await misbehave(startup, Buffer.from([0x51, 0xff, 0xff, 0xff, 0xf0, 1, 2, 3]));
      const rows = await withPool(embedded, (pool) => pool.query<{ n: number }>('SELECT 41 + 1 AS n'));
      expect(rows.rows).toEqual([{ n: 42 }]);
      expect(embedded.restarts).toBe(0);
    } finally {
      await embedded.stop();
    }
  });

  it('starts a new worker on the same data when the worker dies, and loses nothing that was committed', async () => {
    const died: string[] = [];
    const embedded = await EmbeddedPostgres.start(join(dataDir, 'crash'), { onWorkerDied: (reason) => died.push(reason) });
    const pool = new Pool({ ...embedded.connection().poolConfig, max: 4 });
    pool.on('error', () => undefined);
    try {
      await pool.query('CREATE TABLE kept (n int)');
      // a stream of committed inserts, with the worker killed in the middle of it; a refused
      // insert is retried (for up to a minute) until the new worker takes it
      const acknowledged: number[] = [];
      const deadline = Date.now() + 60_000;
      const insert = async (n: number): Promise<void> => {
        for (;;) {
          try {
            await pool.query('INSERT INTO kept VALUES ($1)', [n]);
            acknowledged.push(n);
            return;
          } catch (error) {
            if (Date.now() > deadline) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      };
      const writes = (async () => {
        for (let n = 1; n <= 400; n++) await insert(n);
      })();
      // killed in the middle of the stream whatever the machine's speed (a fixed delay let a fast machine finish first)
      while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));
      await embedded.kill();
      await writes;
      expect(embedded.restarts).toBe(1);
      expect(died).toHaveLength(1);
      const { rows } = await pool.query<{ n: number }>('SELECT n FROM kept ORDER BY n');
      const stored = new Set(rows.map((row) => row.n));
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
      // every insert was taken in the end: the restarted worker serves the same pool
      expect(acknowledged).toHaveLength(400);
    } finally {
      await pool.end();
      await embedded.stop();
    }
  }, 90_000);
});
