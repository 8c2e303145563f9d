import type { RecordedEvent } from '@tracker/platform/event-store';
import { event } from '@tracker/platform/event-store/testing';
import type { EntityManager } from 'typeorm';
import { type BatchStatement, type BatchStatementContext, NOTHING_TO_WRITE } from './projection';
import type { ReadModel } from './read-model';
import { OneStatementStreamStatsProjection } from './testing/sample-read-model';
import { describeOnBothDatabases } from './testing/sample-read-models';

/** The sample projection, with events of type Noise that it has nothing to write for. */
class NoiseIgnored extends OneStatementStreamStatsProjection {
  override async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    await super.apply(
      events.filter((recorded) => recorded.type !== 'Noise'),
      manager,
    );
  }

  override batchStatement(events: readonly RecordedEvent[], context: BatchStatementContext): BatchStatement | undefined {
    const signal = events.filter((recorded) => recorded.type !== 'Noise');
    return signal.length === 0 ? NOTHING_TO_WRITE : super.batchStatement(signal, context);
  }
}

describeOnBothDatabases(
  'Batches a projection has nothing to write for',
  (world) => {
    const storedCheckpoint = async (readModel: ReadModel, schema: string): Promise<bigint> => {
      const rows: Array<{ position: string }> = await readModel.dataSource.query(
        `SELECT position FROM "${schema}".projection_checkpoints WHERE name = 'stream-stats'`,
      );
      return BigInt(rows[0]?.position ?? '-1');
    };

    it('are applied at once, and the checkpoint is stored past them soon after, by no write of its own', async () => {
      const { schema, prefix } = world().fresh();
      const readModel = await world().open(schema, prefix);
      await readModel.start();
      const noise = await world().store.appendToStream(`${prefix}a`, [event('Noise')], { expectedRevision: 'no_stream' });
      await readModel.waitFor(`${prefix}a`, noise.position, 'test');
      expect(await world().rows(readModel)).toEqual([]);
      for (const deadline = Date.now() + 10_000; (await storedCheckpoint(readModel, schema)) < noise.position;) {
        if (Date.now() > deadline) throw new Error('the checkpoint was not stored past the batch within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await storedCheckpoint(readModel, schema)).toBe(noise.position);
      await readModel.close();
    });

    it('are stored when the runner stops, and a batch that writes after them moves the checkpoint past both', async () => {
      const { schema, prefix } = world().fresh();
      const first = await world().open(schema, prefix);
      await first.start();
      const noise = await world().store.appendToStream(`${prefix}a`, [event('Noise')], { expectedRevision: 'no_stream' });
      await first.waitFor(`${prefix}a`, noise.position, 'test');
      await first.close();

      const second = await world().open(schema, prefix);
      expect(await storedCheckpoint(second, schema)).toBe(noise.position);
      await second.start();
      const created = await world().store.appendToStream(`${prefix}a`, [event('Created')], { expectedRevision: 0 });
      await second.waitFor(`${prefix}a`, created.position, 'test');
      expect(await world().rows(second)).toEqual([{ streamName: `${prefix}a`, eventCount: 1, lastType: 'Created' }]);
      expect(await storedCheckpoint(second, schema)).toBe(created.position);
      await second.close();
    });

    it('never store the checkpoint over commits the database lost, which the next batch then takes again', async () => {
      const { schema, prefix } = world().fresh();
      const readModel = await world().open(schema, prefix);
      await readModel.start();
      const created = await world().store.appendToStream(`${prefix}a`, [event('Created')], { expectedRevision: 'no_stream' });
      await readModel.waitFor(`${prefix}a`, created.position, 'test');
      // the database lost that commit: rows and checkpoint back to before it
      await readModel.dataSource.query(`UPDATE "${schema}".projection_checkpoints SET position = 0 WHERE name = 'stream-stats'`);
      await readModel.dataSource.query(`DELETE FROM "${schema}".stream_stats`);
      const noise = await world().store.appendToStream(`${prefix}a`, [event('Noise')], { expectedRevision: 0 });
      await readModel.waitFor(`${prefix}a`, noise.position, 'test');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await storedCheckpoint(readModel, schema)).toBe(0n);
      const again = await world().store.appendToStream(`${prefix}a`, [event('Renamed')], { expectedRevision: 1 });
      await readModel.waitFor(`${prefix}a`, again.position, 'test');
      expect(await world().rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' }]);
      await readModel.close();
    });
  },
  (prefix) => new NoiseIgnored([prefix]),
);
