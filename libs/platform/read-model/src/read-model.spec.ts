import { event } from '@tracker/platform/event-store/testing';
import { PromptPool } from '@tracker/platform/sql';
import type { ReadModel } from './read-model';
import { describeOnBothDatabases } from './testing/sample-read-models';

describeOnBothDatabases('ReadModel and projection runner', (world) => {
  const open = (schema: string, prefix: string): Promise<ReadModel> => world().open(schema, prefix);
  const rows = (readModel: ReadModel): ReturnType<ReturnType<typeof world>['rows']> => world().rows(readModel);
  const fresh = (): { schema: string; prefix: string } => world().fresh();

  it('applies events through TypeORM and lets a writer wait until they are visible', async () => {
    const { schema, prefix } = fresh();
    const readModel = await open(schema, prefix);
    // its queries leave at once when a connection is idle (prompt-pool.ts)
    expect((readModel.dataSource.driver as unknown as { master: unknown }).master).toBeInstanceOf(PromptPool);
    await readModel.start();
    await world().store.appendToStream(`${prefix}a`, [event('Created'), event('Renamed')], { expectedRevision: 'no_stream' });
    const last = await world().store.appendToStream(`${prefix}b`, [event('Created')], { expectedRevision: 'no_stream' });
    await readModel.waitFor(`${prefix}b`, last.position, 'test');
    expect(await rows(readModel)).toEqual([
      { streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' },
      { streamName: `${prefix}b`, eventCount: 1, lastType: 'Created' },
    ]);
    await readModel.close();
  });

  it('counts events of other streams as applied once it has looked past them (appliedUpTo, waits)', async () => {
    const { schema, prefix } = fresh();
    const readModel = await open(schema, prefix);
    await readModel.start();
    const own = await world().store.appendToStream(`${prefix}a`, [event('Created')], { expectedRevision: 'no_stream' });
    await readModel.waitFor(`${prefix}a`, own.position, 'test');
    const other = await world().store.appendToStream(`other-${prefix}`, [event('Created')], { expectedRevision: 'no_stream' });
    // a wait for a position of another stream ends although this projection applies nothing there
    await readModel.waitFor(`${prefix}a`, other.position, 'test');
    expect(readModel.appliedUpTo()).toBeGreaterThanOrEqual(other.position);
    expect(await rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 1, lastType: 'Created' }]);
    await readModel.close();
  });

  it('resumes after a restart from its checkpoint without applying anything twice', async () => {
    const { schema, prefix } = fresh();
    const first = await open(schema, prefix);
    await first.start();
    const before = await world().store.appendToStream(`${prefix}a`, [event('E1'), event('E2')], { expectedRevision: 'no_stream' });
    await first.waitFor(`${prefix}a`, before.position, 'test');
    await first.close();

    await world().store.appendToStream(`${prefix}a`, [event('E3')], { expectedRevision: 1 });
    const second = await open(schema, prefix);
    await second.start();
    await second.catchUp();
    expect(await rows(second)).toEqual([{ streamName: `${prefix}a`, eventCount: 3, lastType: 'E3' }]);
    await second.close();
  });

  it('lets two replicas run the same projection without double counting', async () => {
    const { schema, prefix } = fresh();
    const [one, two] = [await open(schema, prefix), await open(schema, prefix)];
    await Promise.all([one.start(), two.start()]);
    let last = 0n;
    for (let i = 0; i < 40; i++) {
      last = (await world().store.appendToStream(`${prefix}${i % 4}`, [event(`E${i}`)], { expectedRevision: 'any' })).position;
    }
    await Promise.all([one.waitFor(`${prefix}0`, last, 't'), two.waitFor(`${prefix}0`, last, 't')]);
    const counts = (await rows(one)).map((row) => row.eventCount);
    expect(counts).toEqual([10, 10, 10, 10]);
    await Promise.all([one.close(), two.close()]);
  });

  it('rebuilds from nothing (schema dropped) to exactly the same rows', async () => {
    const { schema, prefix } = fresh();
    const readModel = await open(schema, prefix);
    await readModel.start();
    for (let i = 0; i < 30; i++) {
      await world().store.appendToStream(`${prefix}${i % 7}`, [event(`E${i}`), event(`F${i}`)], { expectedRevision: 'any' });
    }
    await readModel.catchUp();
    const before = await rows(readModel);
    expect(before).toHaveLength(7);

    await readModel.rebuild();
    await readModel.catchUp();
    expect(await rows(readModel)).toEqual(before);
    await readModel.close();
  });
});
