import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type RecordedEvent } from '@tracker/platform/event-store';
import { event } from '@tracker/platform/event-store/testing';
import { createTempDatabase, describeWithServers, type TempDatabase } from '@tracker/testing';
import type { EntityManager } from 'typeorm';
import { ProjectionCheckpoints1763800000000 } from './checkpoints.migration';
import type { Projection } from './projection';
import { ReadModel } from './read-model';
import type { RebuildProgress } from './shadow-replay';
import { CreateStreamStats1763800000001, StreamStats, StreamStatsProjection } from './testing/sample-read-model';
import { tableDigests } from './testing/table-digests';

/** The sample projection, counting what it applies, and failing once after `failAfter` events (a rebuild killed midway). */
class CountingProjection implements Projection {
  readonly name = 'stream-stats';
  applied = 0;
  failAfter = Infinity;
  private readonly inner: StreamStatsProjection;

  constructor(readonly streamPrefixes: readonly string[]) {
    this.inner = new StreamStatsProjection(streamPrefixes);
  }

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    if (this.applied + events.length > this.failAfter) {
      this.failAfter = Infinity;
      throw new Error('killed in the middle of a page');
    }
    await this.inner.apply(events, manager);
    this.applied += events.length;
  }
}

describeWithServers(['postgres'], 'A read model rebuilt in a shadow schema, on the real PostgreSQL', () => {
  let database: TempDatabase;
  let store: PostgresEventStore;
  const open = (schema: string, projection: Projection): Promise<ReadModel> =>
    ReadModel.open(database.connection, store, {
      schema,
      entities: [StreamStats],
      migrations: [ProjectionCheckpoints1763800000000, CreateStreamStats1763800000001],
      projections: [projection],
      rebuildPageSize: 50,
    });
  const schemas = async (readModel: ReadModel): Promise<string[]> => {
    const rows = await readModel.dataSource.query<Array<{ name: string }>>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'rm\\_%' ORDER BY 1`,
    );
    return rows.map((row) => row.name);
  };
  /** appends `count` events over 20 streams of `prefix` */
  const appendEvents = async (prefix: string, count: number): Promise<void> => {
    for (let i = 0; i < count; i += 10) {
      const events = Array.from({ length: 10 }, (_, j) => event(`E${i + j}`, { n: i + j }));
      await store.appendToStream(`${prefix}${(i / 10) % 20}`, events, { expectedRevision: 'any' });
    }
  };

  beforeAll(async () => {
    database = await createTempDatabase('shadow_rebuild');
    store = await PostgresEventStore.create(database.connection, { pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('serves the old rows while the shadow is built, takes the events appended meanwhile, and swaps in byte-identical tables', async () => {
    const prefix = `s${randomUUID().slice(0, 8)}-`;
    await appendEvents(prefix, 300);
    const live = await open('rm_live', new StreamStatsProjection([prefix]));
    await live.start();
    await live.catchUp();
    const before = await tableDigests(live.dataSource, 'rm_live');
    expect(Object.keys(before)).toEqual(['migrations', 'projection_checkpoints', 'stream_stats']);
    expect(before['stream_stats']).toMatch(/^20 rows, md5 [0-9a-f]{32}$/);

    const progress: RebuildProgress[] = [];
    const duringRebuild: Array<Promise<unknown>> = [];
    await live.rebuild((step) => {
      progress.push(step);
      if (progress.length !== 2) return;
      // midway: the live read model still answers with every row, and a writer's event arrives
      duringRebuild.push(live.dataSource.getRepository(StreamStats).count(), schemas(live), appendEvents(`${prefix}late-`, 10));
    });
    const [servedRows, schemasMidway] = await Promise.all(duringRebuild);
    expect(servedRows).toBe(20);
    expect(schemasMidway).toEqual(['rm_live', 'rm_live_shadow']);
    await live.catchUp();

    // the same rows as a read model built from nothing, the late event included; the shadow is gone
    const reference = await open('rm_reference', new StreamStatsProjection([prefix]));
    await reference.start();
    await reference.catchUp();
    const after = await tableDigests(live.dataSource, 'rm_live');
    expect(after).toEqual(await tableDigests(reference.dataSource, 'rm_reference'));
    expect(after['stream_stats']).toMatch(/^21 rows, /);
    expect(await schemas(live)).toEqual(['rm_live', 'rm_reference']);

    // progress: pages of 50 up to the head, with a pace and an estimate
    expect(progress.slice(0, 6).map((step) => step.applied)).toEqual([50, 100, 150, 200, 250, 300]);
    const last = progress.at(-1);
    expect(last?.position).toBe(await store.lastPosition([prefix]));
    expect(last?.eventsPerSecond).toBeGreaterThan(0);
    expect(progress[0]?.etaSeconds).toEqual(expect.any(Number));

    // and a rebuild of a read model nothing changed is byte-identical to the one before it
    await live.rebuild();
    expect(await tableDigests(live.dataSource, 'rm_live')).toEqual(after);
    await Promise.all([live.close(), reference.close()]);
  });

  it('keeps a rebuild killed midway in its shadow, and a rerun resumes from the shadow checkpoint', async () => {
    const prefix = `s${randomUUID().slice(0, 8)}-`;
    await appendEvents(prefix, 200);
    const projection = new CountingProjection([prefix]);
    const live = await open('rm_resumed', projection);
    await live.start();
    await live.catchUp();
    const before = await tableDigests(live.dataSource, 'rm_resumed');
    projection.applied = 0;
    projection.failAfter = 120;

    // the third page of 50 fails: two pages are committed in the shadow, the live schema is untouched
    await expect(live.rebuild()).rejects.toThrow('killed in the middle of a page');
    expect(await schemas(live)).toContain('rm_resumed_shadow');
    expect(await tableDigests(live.dataSource, 'rm_resumed')).toEqual(before);
    projection.applied = 0;

    const resumed: RebuildProgress[] = [];
    await live.rebuild((step) => resumed.push(step));
    expect(projection.applied).toBe(100); // only the pages not yet in the shadow
    expect(resumed.map((step) => step.applied)).toEqual([50, 100]);
    expect(await tableDigests(live.dataSource, 'rm_resumed')).toEqual(before);
    expect(await schemas(live)).not.toContain('rm_resumed_shadow');
    await live.close();
  });
});
