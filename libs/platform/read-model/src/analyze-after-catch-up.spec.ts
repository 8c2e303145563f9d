import { event } from '@tracker/platform/event-store/testing';
import type { ReadModel } from './read-model';
import { describeOnBothDatabases } from './testing/sample-read-models';

/** What the planner knows of a table: -1 rows until it is first analyzed (or vacuumed). */
const plannedRows = async (readModel: ReadModel, schema: string): Promise<number> => {
  const rows: Array<{ reltuples: number }> = await readModel.dataSource.query(
    `SELECT c.reltuples FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = 'stream_stats'`,
    [schema],
  );
  return Number(rows[0]?.reltuples);
};

describeOnBothDatabases('ANALYZE after a catch-up, and as a read model grows', (world) => {
  const startBehind = async (
    analyzeAfterCatchUpEvents: number,
    behind = 12,
  ): Promise<{ readModel: ReadModel; schema: string; prefix: string }> => {
    const { schema, prefix } = world().fresh();
    for (let i = 0; i < behind; i++) {
      await world().store.appendToStream(`${prefix}${i}`, [event('Created')], { expectedRevision: 'no_stream' });
    }
    const readModel = await world().open(schema, prefix, { analyzeAfterCatchUpEvents });
    await readModel.start();
    await readModel.catchUp();
    return { readModel, schema, prefix };
  };

  it('analyzes the tables of a read model that started far behind, once it has caught up', async () => {
    const { readModel, schema } = await startBehind(10);
    for (let waited = 0; waited < 10_000 && (await plannedRows(readModel, schema)) < 0; waited += 100) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    expect(await plannedRows(readModel, schema)).toBe(12);
    await readModel.close();
  });

  it('leaves them to autovacuum after a start close to the log', async () => {
    const { readModel, schema } = await startBehind(1_000_000);
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    expect(await plannedRows(readModel, schema)).toBe(-1);
    await readModel.close();
  });

  it('analyzes them again as a read model that started close to the log grows live', async () => {
    const { readModel, schema, prefix } = await startBehind(5, 0);
    expect(await plannedRows(readModel, schema)).toBe(-1);
    let last = 0n;
    for (let i = 0; i < 6; i++) {
      last = (await world().store.appendToStream(`${prefix}live${i}`, [event('Created')], { expectedRevision: 'no_stream' })).position;
    }
    await readModel.waitFor(`${prefix}live5`, last, 'test');
    for (let waited = 0; waited < 10_000 && (await plannedRows(readModel, schema)) < 0; waited += 100) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    expect(await plannedRows(readModel, schema)).toBe(6);
    await readModel.close();
  });

  it('analyzes a rebuilt schema before it is swapped in', async () => {
    const { readModel, schema } = await startBehind(1_000_000);
    await readModel.rebuild();
    expect(await plannedRows(readModel, schema)).toBe(12);
    await readModel.close();
  });
});
