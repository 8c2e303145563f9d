import { Client } from 'pg';
import { PostgresEventStore } from '@tracker/platform/event-store';
import { event } from '@tracker/platform/event-store/testing';
import { ProjectionCheckpoints1763800000000, ReadModel } from '@tracker/platform/read-model';
import { CreateStreamStats1763800000001, StreamStats, StreamStatsProjection } from '@tracker/platform/read-model/testing';
import { createTempDatabase, describeWithServers, type TempDatabase } from '@tracker/testing';
import { runProjections } from './projections.command';
import { ShadowProgressMeter } from './shadow-progress';

/** When the fixture's events occurred (`event()` of the event store's testing entry). */
const EVENT_TIME = '2026-11-22T10:00:00.000Z';

/** Runs `tracker projections ...` against the database and returns its exit code and what it wrote. */
async function projections(client: Client, ...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runProjections(args, () => Promise.resolve(client), { out: (text) => void (out += text), err: () => undefined });
  return { code, out };
}

describeWithServers(['postgres'], 'tracker projections status on the real PostgreSQL', () => {
  let database: TempDatabase;
  let store: PostgresEventStore;
  let client: Client;

  beforeAll(async () => {
    database = await createTempDatabase('projections_cli');
    store = await PostgresEventStore.create(database.connection, { pollIntervalMs: 50 });
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await store?.close();
    await database?.drop();
  });

  it("shows each projection's checkpoint, the head of its own streams and its lag, and changes nothing", async () => {
    const readModel = await ReadModel.open(database.connection, store, {
      schema: 'stats',
      entities: [StreamStats],
      migrations: [ProjectionCheckpoints1763800000000, CreateStreamStats1763800000001],
      projections: [new StreamStatsProjection(['s-'])],
    });
    await readModel.start();
    await store.appendToStream('s-a', [event('A1'), event('A2')], { expectedRevision: 'no_stream' });
    const applied = await store.appendToStream('s-b', [event('B1')], { expectedRevision: 'no_stream' });
    await readModel.catchUp();
    await readModel.close();
    // three more of its streams while it is down, and one of a stream it does not read
    await store.appendToStream('s-a', [event('A3'), event('A4')], { expectedRevision: 1 });
    const head = await store.appendToStream('s-c', [event('C1')], { expectedRevision: 'no_stream' });
    await store.appendToStream('other-1', [event('O1')], { expectedRevision: 'no_stream' });

    const { code, out } = await projections(client, 'status');
    expect(code).toBe(0);
    const [header, line, end] = out.split('\n');
    expect([header, end]).toEqual(['service  projection    checkpoint  head  lag (events)  lag (s)', '']);
    const prefix = `stats    stream-stats  ${String(applied.position).padStart(10)}  ${String(head.position).padStart(4)}             3  `;
    expect(line?.startsWith(prefix)).toBe(true);
    // the lag in seconds is the age of the oldest event not applied (the fixture's events occurred at a fixed time)
    const expectedSeconds = (Date.now() - Date.parse(EVENT_TIME)) / 1000;
    expect(Math.abs(Number(line?.slice(prefix.length)) - expectedSeconds)).toBeLessThan(60);
    const checkpoints = await client.query('SELECT name, position::text, stream_prefixes FROM stats.projection_checkpoints');
    expect(checkpoints.rows).toEqual([{ name: 'stream-stats', position: String(applied.position), stream_prefixes: ['s-'] }]);
  });

  it("measures a rebuild's progress on its shadow schema: events applied, events to go, pace and time left", async () => {
    expect(await new ShadowProgressMeter(client, 'nothing').line()).toBeUndefined();
    const shadow = await ReadModel.open(database.connection, store, {
      schema: 'meter_shadow',
      entities: [StreamStats],
      migrations: [ProjectionCheckpoints1763800000000, CreateStreamStats1763800000001],
      projections: [new StreamStatsProjection(['s-'])],
    });
    // a rebuild's first step (shadow-replay.ts): the checkpoint row at 0, before any page is
    // applied; all six events of its streams are to go (starting the runners instead would
    // race them: they may apply the six before a stop)
    await client.query(
      `INSERT INTO meter_shadow.projection_checkpoints (name, position, stream_prefixes) VALUES ('stream-stats', 0, '{s-}')`,
    );
    const meter = new ShadowProgressMeter(client, 'meter');
    expect(await meter.line()).toBe('rebuild meter: 0 events applied, 6 to go, 0 events/s, ETA ?');
    await shadow.start();
    await shadow.catchUp();
    expect(await meter.line()).toMatch(/^rebuild meter: 6 events applied, 0 to go, \d+ events\/s, ETA 0 s$/);
    await shadow.close();
  });

  it('refuses a bad command line', async () => {
    await expect(projections(client, 'rebuild')).rejects.toThrow(
      'projections rebuild needs a service (identity, catalog, bugs, comments, flags) or',
    );
    await expect(projections(client, 'rebuild', 'mail')).rejects.toThrow("or 'all', got 'mail'");
    await expect(projections(client, 'rebuild', 'bugs', 'flags')).rejects.toThrow("takes one service or 'all', got 'bugs flags'");
    await expect(projections(client, 'status', 'bugs')).rejects.toThrow("projections status takes no arguments, got 'bugs'");
    await expect(projections(client, 'explode')).rejects.toThrow("unknown projections command 'explode'");
  });
});
