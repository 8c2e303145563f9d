import type { Pool, QueryConfig } from 'pg';
import type { DataSource } from 'typeorm';
import { event } from '@tracker/platform/event-store/testing';
import { MAX_NAMED_BATCHES, preparedBatchName } from './prepared-batches';
import { OneStatementStreamStatsProjection } from './testing/sample-read-model';
import { describeOnBothDatabases } from './testing/sample-read-models';

describe('preparedBatchName', () => {
  it('names the statement of a one-event batch by its text, and no other', () => {
    const dataSource = {} as DataSource;
    const name = preparedBatchName(dataSource, 1, 'SELECT 1');
    expect(name).toMatch(/^batch-[\w-]{27}$/);
    expect(preparedBatchName(dataSource, 1, 'SELECT 1')).toBe(name);
    expect(preparedBatchName(dataSource, 1, 'SELECT 2')).not.toBe(name);
    expect(preparedBatchName(dataSource, 2, 'SELECT 1')).toBeUndefined();
  });

  it(`names at most ${MAX_NAMED_BATCHES} texts per data source, and keeps the names it gave`, () => {
    const dataSource = {} as DataSource;
    const names = Array.from({ length: MAX_NAMED_BATCHES }, (_, i) => preparedBatchName(dataSource, 1, `SELECT ${i}`));
    expect(names.every((name) => name !== undefined)).toBe(true);
    expect(preparedBatchName(dataSource, 1, 'SELECT -1')).toBeUndefined();
    expect(preparedBatchName(dataSource, 1, 'SELECT 0')).toBe(names[0]);
    // another data source has names of its own
    expect(preparedBatchName({} as DataSource, 1, 'SELECT -1')).toMatch(/^batch-/);
  });
});

describeOnBothDatabases(
  'A one-event batch of a projection',
  (world) => {
    it('is written by a named statement on the server, the same one each time, and a batch of two by an unnamed one', async () => {
      const { schema, prefix } = world().fresh();
      const readModel = await world().open(schema, prefix);
      const onServer = expect.getState().currentTestName?.includes('real PostgreSQL') ?? false;
      const pool = (readModel.dataSource.driver as unknown as { master: Pool }).master;
      const named: string[] = [];
      const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
      // a named statement runs on the pool itself (preparedQuery): its names are seen there
      Object.assign(pool, {
        query: (config: unknown, values?: unknown) => {
          const { name } = config as QueryConfig;
          if (name?.startsWith('batch-')) named.push(name);
          return query(config, values);
        },
      });
      await readModel.start();
      const append = (stream: string, types: string[]) =>
        world().store.appendToStream(
          `${prefix}${stream}`,
          types.map((type) => event(type)),
          { expectedRevision: 'any' },
        );
      for (const stream of ['a', 'b', 'c']) {
        const { position } = await append(stream, ['Created']);
        await readModel.waitFor(`${prefix}${stream}`, position, 'test');
      }
      const { position } = await append('d', ['Created', 'Renamed']);
      await readModel.waitFor(`${prefix}d`, position, 'test');

      expect(await world().rows(readModel)).toEqual([
        { streamName: `${prefix}a`, eventCount: 1, lastType: 'Created' },
        { streamName: `${prefix}b`, eventCount: 1, lastType: 'Created' },
        { streamName: `${prefix}c`, eventCount: 1, lastType: 'Created' },
        { streamName: `${prefix}d`, eventCount: 2, lastType: 'Renamed' },
      ]);
      // PGlite's one session is shared by every pool: nothing is named there (preparedQuery)
      expect(named).toHaveLength(onServer ? 3 : 0);
      expect(new Set(named).size).toBe(onServer ? 1 : 0);
      await readModel.close();
    });
  },
  (prefix) => new OneStatementStreamStatsProjection([prefix]),
);
