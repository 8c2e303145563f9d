import type { DomainError } from '@tracker/contracts';
import type { RecordedEvent } from '@tracker/platform/event-store';
import { event } from '@tracker/platform/event-store/testing';
import { waitUntil } from '@tracker/testing';
import type { EntityManager } from 'typeorm';
import type { ReadModel } from './read-model';
import { skipStream } from './projection-skips';
import { type StreamStats, StreamStatsProjection } from './testing/sample-read-model';
import { describeOnBothDatabases } from './testing/sample-read-models';

/**
 * The sample projection, made to fail as real ones do: a `Poison` event runs SQL that
 * always fails (as an over-long value in an index would), a `Flaky` event loses its
 * database connection the first time it is applied.
 */
class FragileProjection extends StreamStatsProjection {
  private flakyFailures = 0;

  override async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) {
      if (recorded.type === 'Poison') await manager.query('SELECT 1 / 0');
      if (recorded.type === 'Flaky' && this.flakyFailures++ === 0)
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    }
    await super.apply(events, manager);
  }
}

function metadataOf(correlationId: string): { actor: number; occurredAt: string; correlationId: string; causationId: string } {
  return { actor: 1, occurredAt: '2026-11-25T10:00:00.000Z', correlationId, causationId: correlationId };
}

const failureOf = async (promise: Promise<unknown>): Promise<{ code: number; message: string }> => {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as DomainError | undefined;
  return { code: error?.code ?? 0, message: error?.message ?? 'no failure' };
};

describeOnBothDatabases(
  'projections that fail',
  (world) => {
    // every read model a case opens is stopped after it, so no repair timer outlives its pool
    const opened: ReadModel[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((readModel) => readModel.stop()));
    });
    const open = async (schema: string, prefix: string): Promise<ReadModel> => {
      const readModel = await world().open(schema, prefix, { repairCheckMs: 100, visibilityTimeoutMs: 5000 });
      opened.push(readModel);
      return readModel;
    };
    const rows = (readModel: ReadModel): Promise<StreamStats[]> => world().rows(readModel);
    const fresh = (): { schema: string; prefix: string } => world().fresh();

    it('stops just before an event it cannot apply, serves what came before, and refuses writes with 503', async () => {
      const { schema, prefix } = fresh();
      const readModel = await open(schema, prefix);
      await readModel.start();
      const before = await world().store.appendToStream(`${prefix}a`, [event('Created'), event('Renamed')], {
        expectedRevision: 'no_stream',
      });
      await readModel.waitFor(`${prefix}a`, before.position, 'test');
      const poison = await world().store.appendToStream(`${prefix}b`, [event('Created'), event('Poison')], {
        expectedRevision: 'no_stream',
      });
      const after = await world().store.appendToStream(`${prefix}c`, [event('Created')], { expectedRevision: 'no_stream' });

      const waiting = await failureOf(readModel.waitFor(`${prefix}c`, after.position, 'test'));
      expect(waiting.code).toBe(100504);
      expect(waiting.message).toBe(
        `The change was recorded, but the ${schema} service cannot show it yet: it could not apply a recorded change ` +
          `(event ${poison.position}, Poison of ${prefix}b) and waits for an administrator (GET /rest/health tells more). Please try again later.`,
      );
      expect(readModel.readiness()).toEqual({
        ready: false,
        problems: [
          {
            projection: 'stream-stats',
            stream: `${prefix}b`,
            position: poison.position.toString(),
            event_type: 'Poison',
            event_id: expect.any(String) as string,
            error: 'division by zero',
            since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
          },
        ],
      });
      // the Created of b came before the poison in the same append: it is applied
      expect(await rows(readModel)).toEqual([
        { streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' },
        { streamName: `${prefix}b`, eventCount: 1, lastType: 'Created' },
      ]);
      expect(() => readModel.assertWritable()).toThrow(
        expect.objectContaining({
          code: 100503,
          message: expect.stringMatching(
            new RegExp(`^The ${schema} service is not accepting changes: .* Nothing was changed; please try again later\\.$`),
          ),
        }) as Error,
      );
      const started = Date.now();
      expect((await failureOf(readModel.catchUp())).code).toBe(100503);
      expect(Date.now() - started).toBeLessThan(1000);
      await readModel.close();
    });

    it('starts on a log that holds such an event: catches up to it at once and says what is wrong', async () => {
      const { schema, prefix } = fresh();
      await world().store.appendToStream(`${prefix}a`, [event('Created'), event('Poison'), event('Renamed')], {
        expectedRevision: 'no_stream',
      });
      const first = await open(schema, prefix);
      await first.start();
      expect((await failureOf(first.catchUp())).message).toMatch(
        new RegExp(`^The ${schema} service is not ready: it could not apply a recorded change`),
      );
      await first.close();

      const restarted = await open(schema, prefix);
      await restarted.start();
      const started = Date.now();
      expect((await failureOf(restarted.catchUp())).code).toBe(100503);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(restarted.readiness().problems.map((problem) => problem.event_type)).toEqual(['Poison']);
      expect(await rows(restarted)).toEqual([{ streamName: `${prefix}a`, eventCount: 1, lastType: 'Created' }]);
      await restarted.close();
    });

    it('retries an event whose database connection was lost, without stopping', async () => {
      const { schema, prefix } = fresh();
      const readModel = await open(schema, prefix);
      await readModel.start();
      const appended = await world().store.appendToStream(`${prefix}a`, [event('Flaky'), event('Renamed')], {
        expectedRevision: 'no_stream',
      });
      await readModel.waitFor(`${prefix}a`, appended.position, 'test');
      expect(readModel.readiness()).toEqual({ ready: true, problems: [] });
      expect(await rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' }]);
      await readModel.close();
    });

    it("skips the event on an administrator's word, records who, when and why in the log, and a rebuild skips it too", async () => {
      const { schema, prefix } = fresh();
      const readModel = await open(schema, prefix);
      await readModel.start();
      const poison = await world().store.appendToStream(`${prefix}a`, [event('Created'), event('Poison')], {
        expectedRevision: 'no_stream',
      });
      const later = await world().store.appendToStream(`${prefix}a`, [event('Renamed')], { expectedRevision: 1 });
      await expect(readModel.waitFor(`${prefix}a`, later.position, 'test')).rejects.toMatchObject({ code: 100504 });

      const position = poison.position.toString();
      expect((await failureOf(readModel.skip({ position: '1', reason: 'x' }, metadataOf('c1')))).message).toBe(
        `No projection of the ${schema} service is stopped at event 1; nothing was skipped.`,
      );
      const skipped = await readModel.skip({ position, reason: 'garbage from a fuzzing run' }, metadataOf('c2'));
      expect(skipped).toMatchObject({
        projection: 'stream-stats',
        stream: `${prefix}a`,
        position,
        event_type: 'Poison',
        reason: 'garbage from a fuzzing run',
      });
      await readModel.waitFor(`${prefix}a`, later.position, 'test');
      expect(readModel.readiness()).toEqual({ ready: true, problems: [] });
      expect(await rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' }]);

      const audit = await world().store.readStream(skipStream(schema));
      expect(
        audit.map((recorded) => ({
          type: recorded.type,
          data: recorded.data,
          actor: recorded.metadata.actor,
          correlationId: recorded.metadata.correlationId,
        })),
      ).toEqual([{ type: 'ProjectionEventSkipped', data: skipped, actor: 1, correlationId: 'c2' }]);

      await readModel.rebuild();
      await readModel.catchUp();
      expect(await rows(readModel)).toEqual([{ streamName: `${prefix}a`, eventCount: 2, lastType: 'Renamed' }]);
      await readModel.close();
    });

    it('resumes by itself when another replica got past the event (a fixed release applied it)', async () => {
      const { schema, prefix } = fresh();
      const stuck = await open(schema, prefix);
      await stuck.start();
      const poison = await world().store.appendToStream(`${prefix}a`, [event('Poison')], { expectedRevision: 'no_stream' });
      await expect(stuck.waitFor(`${prefix}a`, poison.position, 'test')).rejects.toMatchObject({ code: 100504 });
      // the fixed replica: its projection applies the event (here: moves the checkpoint past it)
      await stuck.dataSource.query(`UPDATE "${schema}".projection_checkpoints SET position = $1`, [poison.position.toString()]);
      await waitUntil(() => stuck.readiness().ready, 5000);
      const next = await world().store.appendToStream(`${prefix}a`, [event('Renamed')], { expectedRevision: 0 });
      await stuck.waitFor(`${prefix}a`, next.position, 'test');
      expect(await rows(stuck)).toEqual([{ streamName: `${prefix}a`, eventCount: 1, lastType: 'Renamed' }]);
      await stuck.close();
    });
  },
  (prefix) => new FragileProjection([prefix]),
);
