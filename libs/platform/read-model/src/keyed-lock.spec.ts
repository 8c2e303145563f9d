import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgres, type SqlConnection } from '@tracker/platform/sql';
import { createTempDatabase, describeWithServers, sleep } from '@tracker/testing';
import { DataSource } from 'typeorm';
import { IdSequence } from './id-sequence';
import { IdSequences } from './id-sequences';
import { KeyedLock, closeLockPool } from './keyed-lock';

async function dataSource(connection: SqlConnection): Promise<DataSource> {
  const source = new DataSource({
    type: 'postgres',
    ...(connection.poolConfig.connectionString
      ? { url: connection.poolConfig.connectionString }
      : { host: String(connection.poolConfig.host), port: 5432, username: 'postgres', database: 'postgres' }),
    schema: 'locks',
  });
  await source.initialize();
  await source.query('CREATE SCHEMA IF NOT EXISTS locks');
  return source;
}

/** How many callers were inside `work` at once, at most. */
async function maxOverlap(runs: Array<(work: () => Promise<void>) => Promise<void>>): Promise<number> {
  let inside = 0;
  let max = 0;
  await Promise.all(
    runs.map((run) =>
      run(async () => {
        inside += 1;
        max = Math.max(max, inside);
        // held long enough that a second key's lock is taken meanwhile even on a busy machine
        await sleep(50);
        inside -= 1;
      }),
    ),
  );
  return max;
}

interface LockFixture {
  readonly connection: SqlConnection;
  readonly dispose: () => Promise<void>;
  /** ends the lock pool's server connections, as a database restart would */
  readonly cutConnections: (source: DataSource) => Promise<void>;
}

function describeLocks(name: string, connect: () => Promise<LockFixture>): void {
  describe(`KeyedLock and IdSequence: ${name}`, () => {
    let fixture: LockFixture | undefined;
    let sources: DataSource[] = [];
    beforeAll(async () => {
      fixture = await connect();
      sources = [await dataSource(fixture.connection), await dataSource(fixture.connection)];
    });
    afterAll(async () => {
      await Promise.all(sources.map((source) => closeLockPool(source)));
      await Promise.all(sources.map((source) => source.destroy()));
      await fixture?.dispose();
    });

    it('lets one caller at a time hold a key, within a process and across two', async () => {
      const [one, two] = sources.map((source) => new KeyedLock(source, 'login'));
      const runs = Array.from(
        { length: 12 },
        (_, i) => (work: () => Promise<void>) => (i % 2 ? one! : two!).withLock(['ann@example.com'], work),
      );
      expect(await maxOverlap(runs)).toBe(1);
    });

    it('lets different keys proceed side by side', async () => {
      const lock = new KeyedLock(sources[0]!, 'login');
      const runs = ['a', 'b', 'c', 'd'].map((key) => (work: () => Promise<void>) => lock.withLock([key], work));
      expect(await maxOverlap(runs)).toBeGreaterThan(1);
    });

    it('takes several keys in a fixed order, so crossing callers never deadlock', async () => {
      const lock = new KeyedLock(sources[0]!, 'name');
      const runs = Array.from(
        { length: 10 },
        (_, i) => (work: () => Promise<void>) => lock.withLock(i % 2 ? ['x', 'y'] : ['y', 'x'], work),
      );
      expect(await maxOverlap(runs)).toBe(1);
    });

    it('never starves the work of connections, however many callers hold locks', async () => {
      const source = sources[0]!;
      const lock = new KeyedLock(source, 'busy');
      // more holders than either pool has connections, each needing the data pool inside
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          lock.withLock([`key-${i}`], async () => {
            const rows: Array<{ n: number }> = await source.query('SELECT $1::int AS n', [i]);
            await sleep(5);
            return rows[0]?.n;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    }, 20_000);

    it('releases a key when the work fails', async () => {
      const lock = new KeyedLock(sources[0]!, 'fail');
      await expect(lock.withLock(['k'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      await expect(lock.withLock(['k'], () => Promise.resolve('again'))).resolves.toBe('again');
    });

    it('keeps work that was done when the lock connection is lost meanwhile, and locks again afterwards', async () => {
      const lock = new KeyedLock(sources[1]!, 'lost');
      const result = await lock.withLock(['k'], async () => {
        await fixture!.cutConnections(sources[1]!);
        await sleep(300);
        return 'done';
      });
      expect(result).toBe('done');
      await waitFor(() => lock.withLock(['k'], () => Promise.resolve('again')), 'again');
    }, 30_000);

    it('hands out sequential ids and never one a projection has seen', async () => {
      const source = sources[0]!;
      await source.query('CREATE SEQUENCE locks.thing_ids');
      const ids = new IdSequence(source, 'thing_ids');
      expect([await ids.next(), await ids.next()]).toEqual([1, 2]);
      await source.transaction((manager) => IdSequence.advancePast(manager, 'thing_ids', 40));
      expect(await ids.next()).toBe(41);
      await source.transaction((manager) => IdSequence.advancePast(manager, 'thing_ids', 7));
      expect(await ids.next()).toBe(42);
      await source.query('CREATE SEQUENCE locks.fresh_ids');
      await source.transaction((manager) => IdSequence.advancePast(manager, 'fresh_ids', 1));
      expect(await new IdSequence(source, 'fresh_ids').next()).toBe(2);
    });

    it('moves several sequences past the ids a projection has seen in one statement, never back', async () => {
      const source = sources[0]!;
      await source.query('CREATE SEQUENCE locks.one_ids; CREATE SEQUENCE locks.two_ids; CREATE SEQUENCE locks.three_ids');
      await source.transaction((manager) => IdSequence.advanceAllPast(manager, { one_ids: 5, two_ids: 9, three_ids: 0 }));
      await source.transaction((manager) => IdSequence.advanceAllPast(manager, { one_ids: 3, two_ids: 0, three_ids: 0 }));
      const next = await Promise.all(['one_ids', 'two_ids', 'three_ids'].map((name) => new IdSequence(source, name).next()));
      expect(next).toEqual([6, 10, 1]);
    });

    it('draws the next id of several sequences in one statement, each in its order', async () => {
      const source = sources[0]!;
      await source.query('CREATE SEQUENCE locks.left_ids; CREATE SEQUENCE locks.right_ids START 100');
      expect(await IdSequence.nextOfEach(source, ['left_ids', 'right_ids'])).toEqual([1, 100]);
      expect(await IdSequence.nextOfEach(source, ['right_ids', 'left_ids'])).toEqual([101, 2]);
      expect(await new IdSequences<'left_ids'>(source).nextOfEach('left_ids')).toEqual([3]);
    });
  });
}

/** Retries `attempt` until it gives `expected` (a restarting database answers after a moment). */
async function waitFor<T>(attempt: () => Promise<T>, expected: T): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await attempt()) === expected) return;
    } catch (error) {
      if (i > 100) throw error;
    }
    await sleep(100);
  }
}

describeLocks('embedded PGlite', async () => {
  // on disk: the worker killed by cutConnections comes back with its data
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-locks-'));
  const embedded = await EmbeddedPostgres.start(dataDir);
  const dispose = async (): Promise<void> => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { connection: embedded.connection(), dispose, cutConnections: () => embedded.kill() };
});

describeWithServers(['postgres'], 'locks on the real PostgreSQL server', () => {
  describeLocks('real PostgreSQL', async () => {
    const database = await createTempDatabase('locks');
    const cutConnections = async (source: DataSource): Promise<void> => {
      await source.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'keyed-lock' AND datname = $1`, [
        database.name,
      ]);
    };
    return { connection: database.connection, dispose: () => database.drop(), cutConnections };
  });
});
