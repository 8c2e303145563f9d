import type { Pool } from 'pg';
import { event } from '@tracker/platform/event-store/testing';
import { preparedQuery } from './prepared-query';
import { describeOnBothDatabases } from './testing/sample-read-models';

describeOnBothDatabases('preparedQuery', (world) => {
  it('reads the same rows however often it runs, and follows a rebuild that swapped the schema', async () => {
    const { schema, prefix } = world().fresh();
    const readModel = await world().open(schema, prefix);
    await readModel.start();
    const first = await world().store.appendToStream(`${prefix}a`, [event('Created'), event('Renamed')], { expectedRevision: 'no_stream' });
    await readModel.waitFor(`${prefix}a`, first.position, 'test');
    const read = (): Promise<unknown[]> =>
      preparedQuery(
        readModel.dataSource,
        'stream-stats.count',
        `SELECT stream_name, event_count FROM "${schema}".stream_stats WHERE stream_name = $1`,
        [`${prefix}a`],
      );
    // more than five runs: PostgreSQL may switch to its generic plan after the fifth
    for (let i = 0; i < 7; i++) expect(await read()).toEqual([{ stream_name: `${prefix}a`, event_count: 2 }]);
    // named on the server (the pool hands back the connection it just released), ordinary on PGlite's shared session
    const pool = (readModel.dataSource.driver as unknown as { master: Pool }).master;
    const prepared = await pool.query(`SELECT 1 FROM pg_prepared_statements WHERE name = 'stream-stats.count'`);
    expect(prepared.rowCount).toBe(expect.getState().currentTestName?.includes('real PostgreSQL') ? 1 : 0);

    await readModel.rebuild();
    const next = await world().store.appendToStream(`${prefix}a`, [event('Renamed')], { expectedRevision: 1 });
    await readModel.waitFor(`${prefix}a`, next.position, 'test');
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ stream_name: `${prefix}a`, event_count: 3 }]);
    await readModel.close();
  });
});
