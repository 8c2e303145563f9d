import { event } from '@tracker/platform/event-store/testing';
import { isBatchAppliedAlready, isCheckpointBehindFloor, oneStatementBatchSql } from './one-statement-batch';
import type { ReadModel } from './read-model';
import { OneStatementStreamStatsProjection } from './testing/sample-read-model';
import { describeOnBothDatabases } from './testing/sample-read-models';

describeOnBothDatabases(
  'A projection batch applied in one statement with its checkpoint',
  (world) => {
    const checkpointOf = async (readModel: ReadModel, schema: string): Promise<string | undefined> => {
      const rows: Array<{ position: string }> = await readModel.dataSource.query(
        `SELECT position FROM "${schema}".projection_checkpoints WHERE name = 'stream-stats'`,
      );
      return rows[0]?.position;
    };

    it('writes the batch and moves the checkpoint past it, visible to a writer that waits', async () => {
      const { schema, prefix } = world().fresh();
      const readModel = await world().open(schema, prefix);
      await readModel.start();
      await world().store.appendToStream(`${prefix}a`, [event('Created'), event('Renamed')], { expectedRevision: 'no_stream' });
      const last = await world().store.appendToStream(`${prefix}b`, [event('Created')], { expectedRevision: 'no_stream' });
      await readModel.waitFor(`${prefix}b`, last.position, 'test');
      expect(await world().rows(readModel)).toEqual([
        { streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' },
        { streamName: `${prefix}b`, eventCount: 1, lastType: 'Created' },
      ]);
      expect(await checkpointOf(readModel, schema)).toBe(last.position.toString());
      await readModel.close();
    });

    it('lets two replicas run it without counting an event twice', async () => {
      const { schema, prefix } = world().fresh();
      const [one, two] = [await world().open(schema, prefix), await world().open(schema, prefix)];
      await Promise.all([one.start(), two.start()]);
      let last = 0n;
      for (let i = 0; i < 40; i++) {
        last = (await world().store.appendToStream(`${prefix}${i % 4}`, [event(`E${i}`)], { expectedRevision: 'any' })).position;
      }
      await Promise.all([one.waitFor(`${prefix}0`, last, 't'), two.waitFor(`${prefix}0`, last, 't')]);
      expect((await world().rows(one)).map((row) => row.eventCount)).toEqual([10, 10, 10, 10]);
      await Promise.all([one.close(), two.close()]);
    });

    it('is refused as a whole, writing nothing, when the checkpoint has reached the batch or is below where its runner left it', async () => {
      const { schema, prefix } = world().fresh();
      const readModel = await world().open(schema, prefix);
      const s = `"${schema}"`;
      const checkpoints = `${s}.projection_checkpoints`;
      await readModel.dataSource.query(`INSERT INTO ${checkpoints} (name, position) VALUES ('stream-stats', 10)`);
      const batch = {
        ctes: [`w0 AS (INSERT INTO ${s}.stream_stats (stream_name, event_count, last_type) VALUES ($5, 1, 'Created'))`],
        selects: [],
        parameters: [`${prefix}a`],
      };
      const statement = oneStatementBatchSql(s, checkpoints, batch);

      const refusal = await readModel.dataSource
        .query(statement, ['stream-stats', '12', '10', '0', `${prefix}a`])
        .catch((error: unknown) => error);
      expect(isBatchAppliedAlready(refusal)).toBe(true);
      expect(isCheckpointBehindFloor(refusal)).toBe(false);
      expect(await world().rows(readModel)).toEqual([]);
      expect(await checkpointOf(readModel, schema)).toBe('10');

      // below where the runner last left it (11): commits were lost, the runner must take the events again
      const behind = await readModel.dataSource
        .query(statement, ['stream-stats', '12', '11', '11', `${prefix}a`])
        .catch((error: unknown) => error);
      expect(isCheckpointBehindFloor(behind)).toBe(true);
      expect(isBatchAppliedAlready(behind)).toBe(false);
      expect(await world().rows(readModel)).toEqual([]);
      expect(await checkpointOf(readModel, schema)).toBe('10');

      await readModel.dataSource.query(statement, ['stream-stats', '12', '11', '10', `${prefix}a`]);
      expect(await world().rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 1, lastType: 'Created' }]);
      expect(await checkpointOf(readModel, schema)).toBe('12');
      await readModel.close();
    });
  },
  (prefix) => new OneStatementStreamStatsProjection([prefix]),
);
