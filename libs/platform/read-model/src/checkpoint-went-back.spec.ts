import type { RecordedEvent } from '@tracker/platform/event-store';
import { event } from '@tracker/platform/event-store/testing';
import type { EntityManager } from 'typeorm';
import type { BatchStatement, Projection } from './projection';
import type { ReadModel } from './read-model';
import { AsynchronousStreamStatsProjection, OneStatementStreamStatsProjection, StreamStatsProjection } from './testing/sample-read-model';
import { type SampleReadModels, describeOnBothDatabases } from './testing/sample-read-models';

/**
 * What a database crash does to a projection that commits asynchronously: its newest
 * commits are gone, rows and checkpoint together, while its runner goes on. Played here by
 * putting the checkpoint and the rows back to where an earlier commit left them.
 */
async function loseCommitsAfter(
  world: SampleReadModels,
  readModel: ReadModel,
  schema: string,
  prefix: string,
  position: bigint,
): Promise<void> {
  await readModel.dataSource.query(`UPDATE "${schema}".projection_checkpoints SET position = $1 WHERE name = 'stream-stats'`, [
    position.toString(),
  ]);
  await readModel.dataSource.query(`UPDATE "${schema}".stream_stats SET event_count = 1, last_type = 'E1' WHERE stream_name = $1`, [
    `${prefix}a`,
  ]);
  expect(await world.rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 1, lastType: 'E1' }]);
}

/** Three events, each applied alone, so that the checkpoint after the first is a commit of its own. */
async function threeEventsApplied(world: SampleReadModels, readModel: ReadModel, prefix: string): Promise<bigint> {
  let first = 0n;
  for (const [revision, type] of ['E1', 'E2', 'E3'].entries()) {
    const { position } = await world.store.appendToStream(`${prefix}a`, [event(type)], {
      expectedRevision: revision === 0 ? 'no_stream' : revision - 1,
    });
    await readModel.waitFor(`${prefix}a`, position, 'test');
    if (revision === 0) first = position;
  }
  expect(await world.rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 3, lastType: 'E3' }]);
  return first;
}

/** The sample projection in a transaction (no single statement), telling the `synchronous_commit` each batch ran with. */
class SettingsSeen extends StreamStatsProjection {
  readonly asynchronousCommit = true;
  readonly seen: string[] = [];

  override async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const [row] = await manager.query<Array<{ setting: string }>>(`SELECT current_setting('synchronous_commit') AS setting`);
    this.seen.push(row?.setting ?? '');
    await super.apply(events, manager);
  }
}

/** The sample projection, whose next batch fails as a lost connection does when `failNext` is set (the runner resubscribes). */
class ConnectionLost extends StreamStatsProjection {
  failNext = false;

  batchStatement(): BatchStatement | undefined {
    if (!this.failNext) return undefined;
    this.failNext = false;
    throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
  }
}

async function eventually(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeOnBothDatabases('A projection whose newest commits the database lost', (world) => {
  const scenario = async (
    projectionOf: (prefix: string) => Projection,
    nothingNew: boolean,
    afterLoss = (): void => undefined,
  ): Promise<void> => {
    const { schema, prefix } = world().fresh();
    const readModel = await world().open(schema, prefix, { projections: [projectionOf(prefix)] });
    await readModel.start();
    const first = await threeEventsApplied(world(), readModel, prefix);
    await loseCommitsAfter(world(), readModel, schema, prefix, first);
    afterLoss();
    if (nothingNew) {
      await eventually(async () => (await world().rows(readModel))[0]?.eventCount === 3);
      expect(await world().rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 3, lastType: 'E3' }]);
    }
    // the lost events are applied again, once, and the new one after them
    const { position } = await world().store.appendToStream(`${prefix}a`, [event('E4')], { expectedRevision: 2 });
    await readModel.waitFor(`${prefix}a`, position, 'test');
    expect(await world().rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 4, lastType: 'E4' }]);
    await readModel.close();
  };

  it('committing asynchronously, looks at its checkpoint while nothing new comes, and takes the lost events again', async () => {
    await scenario((prefix) => new AsynchronousStreamStatsProjection([prefix]), true);
  });

  it('in a single statement, finds its checkpoint behind at its next batch (batch_follows refuses it)', async () => {
    await scenario((prefix) => new OneStatementStreamStatsProjection([prefix]), false);
  });

  it('in a transaction, finds its checkpoint behind at its next batch', async () => {
    await scenario((prefix) => new StreamStatsProjection([prefix]), false);
  });

  it('resubscribing after a lost connection, finds its checkpoint behind and takes the lost events again', async () => {
    let projection: ConnectionLost | undefined;
    await scenario(
      (prefix) => (projection = new ConnectionLost([prefix])),
      false,
      () => void (projection && (projection.failNext = true)),
    );
  });

  it('commits asynchronously only the batches of a projection that asks for it', async () => {
    const { schema, prefix } = world().fresh();
    const projection = new SettingsSeen([prefix]);
    const readModel = await world().open(schema, prefix, { projections: [projection] });
    await readModel.start();
    const { position } = await world().store.appendToStream(`${prefix}a`, [event('E1')], { expectedRevision: 'no_stream' });
    await readModel.waitFor(`${prefix}a`, position, 'test');
    expect(projection.seen).toEqual(['off']);
    // the setting was the batch's transaction's alone
    const [outside] = await readModel.dataSource.query<Array<{ setting: string }>>(
      `SELECT current_setting('synchronous_commit') AS setting`,
    );
    expect(outside?.setting).toBe('on');
    await readModel.close();
  });
});
