import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ClientProxy } from '@nestjs/microservices';
import { Client, Pool } from 'pg';
import { type BugUpdated, bugStream } from '@tracker/contracts';
import { PostgresEventStore } from '@tracker/platform/event-store';
import { ClientProxyMessageBus, PrefixedNatsClient } from '@tracker/platform/messaging';
import { createTempDatabase, startNodeProcess, type TempDatabase, TEST_SERVER_URLS } from '@tracker/testing';
import { rebuildProjections } from '../../../apps/tracker-cli/src/projections-rebuild';
import { runLanes } from '../measure';
import type { Measurement } from '../report';
import { ADMIN, bugCreated } from './bugs-generator';
import { RAW_CEILING, rawInserts } from './event-store.bench';

const ROOT = resolve(__dirname, '../../../..');
/** `BENCH_REBUILD_EVENTS=20000 npm run bench -- rebuild`: a shorter run on a busy machine */
const EVENTS = Number(process.env['BENCH_REBUILD_EVENTS'] ?? 50_000);
/** each generated bug's stream: its creation and four changes */
const EVENTS_PER_BUG = 5;
/** issue 20: rebuild events/s at least half the raw ceiling of the event-store suite */
const TARGET = 0.5;

/**
 * Issue 20: `tracker projections rebuild bugs` (the CLI's own code path: its NATS request
 * to the bugs service, which replays the log into a shadow schema and swaps it in, and
 * its progress meter) over a log of generated bug events on the real PostgreSQL, in
 * events/s, against the event store's raw ceiling as the event-store suite measures it
 * (single-row INSERTs, 32 writers). When that suite did not run in this run, the
 * baseline is measured here with the same code, so the ratio is always of one run. For
 * orientation, the same figure against a raw replay of the same log (no target).
 */
export async function rebuildBench(natsReachable: boolean, earlier: readonly Measurement[]): Promise<Measurement[]> {
  const baseline = earlier.some((m) => m.name === RAW_CEILING) ? [] : await ceilingOfThisRun();
  if (!natsReachable) return baseline;
  const database = await createTempDatabase('bench_rebuild');
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-rebuild-'));
  const prefix = `bench-${randomUUID().slice(0, 8)}.`;
  const bugs = startNodeProcess(
    'bugs',
    'dist/apps/bugs/src/main.js',
    {
      TRACKER_DATABASE_URL: database.url,
      TRACKER_NATS_URL: TEST_SERVER_URLS.nats,
      TRACKER_NATS_SUBJECT_PREFIX: prefix,
      TRACKER_DATA_DIR: dataDir,
      TRACKER_LOG_LEVEL: 'log',
    },
    ROOT,
  );
  const nats = new PrefixedNatsClient({ servers: TEST_SERVER_URLS.nats }, prefix);
  const pool = new Pool({ ...database.connection.poolConfig, max: 4 });
  const clients: Client[] = [];
  try {
    await bugs.waitFor(/answers on nats:/);
    const bugCount = Math.ceil(EVENTS / EVENTS_PER_BUG);
    await appendLog(database, bugCount);
    await caughtUp(pool, bugCount);
    const events = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM eventstore.events')).rows[0]?.n ?? 0);
    await nats.connect();
    const database$ = async (): Promise<Client> => {
      const client = new Client(database.connection.poolConfig);
      clients.push(client);
      await client.connect();
      return client;
    };
    const lines: string[] = [];
    const started = process.hrtime.bigint();
    const exit = await rebuildProjections('bugs', {
      database: database$,
      bus: () => Promise.resolve(new ClientProxyMessageBus(nats as unknown as ClientProxy, 600_000)),
      output: { out: (text) => lines.push(text), err: (text) => lines.push(text) },
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (exit !== 0) throw new Error(`the rebuild failed: ${lines.join('')}`);
    console.info(`bench: rebuilt the bugs read model over ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s`);
    const name = `tracker projections rebuild bugs, ${events.toLocaleString('en-US')} events`;
    const replay = `raw replay of the same ${events.toLocaleString('en-US')} events (pages of 1,000, one upsert each)`;
    return [
      ...baseline,
      { suite: 'rebuild', name, value: events / seconds, unit: 'events/s', baseline: RAW_CEILING, target: TARGET },
      { suite: 'rebuild', name: replay, value: await rawReplay(pool, events), unit: 'events/s' },
      // the same figure against the stricter baseline, for orientation (no target)
      { suite: 'rebuild', name: `${name}, against the raw replay`, value: events / seconds, unit: 'events/s', baseline: replay },
    ];
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await nats.close();
    await pool.end();
    await bugs.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function ceilingOfThisRun(): Promise<Measurement[]> {
  const database = await createTempDatabase('bench_ceiling');
  try {
    return (await rawInserts('PostgreSQL', database.connection)).filter((m) => m.name === RAW_CEILING);
  } finally {
    await database.drop();
  }
}

/** The log: `bugCount` bug streams, each its BugCreated and four BugUpdated in one append, 32 appends in flight. */
async function appendLog(database: TempDatabase, bugCount: number): Promise<void> {
  const store = await PostgresEventStore.create(database.connection, { poolSize: 32 });
  const correlationId = randomUUID();
  const metadata = { actor: 1, occurredAt: new Date().toISOString(), correlationId, causationId: correlationId };
  const participants = { assignee: 1, qaContact: null, reporter: 1, cc: [] };
  try {
    await runLanes(bugCount, 32, async (i) => {
      const bugId = 1_000_001 + i;
      const changes = Array.from({ length: EVENTS_PER_BUG - 1 }, (_, k): BugUpdated => ({
        type: 'BugUpdated',
        data: {
          bugId,
          changedBy: { id: 1, login: ADMIN.login },
          changes: { whiteboard: `change ${k}` },
          participants: { before: participants, after: participants },
        },
      }));
      const events = [bugCreated(bugId, 2_000_001 + i, i), ...changes].map((event) => ({ ...event, schemaVersion: 1, metadata }));
      await store.appendToStream(bugStream(bugId), events, { expectedRevision: 'no_stream' });
    });
  } finally {
    await store.close();
  }
}

/**
 * DESIGN.md §8's raw rebuild, the ceiling of any replay of this log: the events read by
 * position in pages of 1,000, folded per stream in memory (here: the last data wins), one
 * multi-row upsert per page; no framework, no projection code, no shadow schema.
 */
async function rawReplay(pool: Pool, events: number): Promise<number> {
  await pool.query('CREATE TABLE bench_replay (stream text PRIMARY KEY, doc jsonb NOT NULL)');
  const started = process.hrtime.bigint();
  let after = '0';
  for (;;) {
    const { rows } = await pool.query<{ position: string; stream_name: string; data: unknown }>(
      'SELECT position, stream_name, data FROM eventstore.events WHERE position > $1 ORDER BY position LIMIT 1000',
      [after],
    );
    const last = rows[rows.length - 1];
    if (!last) break;
    const folded = new Map(rows.map((row) => [row.stream_name, JSON.stringify(row.data)]));
    await pool.query(
      'INSERT INTO bench_replay (stream, doc) SELECT * FROM unnest($1::text[], $2::jsonb[]) ON CONFLICT (stream) DO UPDATE SET doc = excluded.doc',
      [[...folded.keys()], [...folded.values()]],
    );
    after = last.position;
  }
  return events / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** Until the live projection holds every generated bug with its last change: the rebuild starts from a caught-up service. */
async function caughtUp(pool: Pool, bugCount: number): Promise<void> {
  const last = `change ${EVENTS_PER_BUG - 2}`;
  for (;;) {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM bugs.bugs WHERE doc->'fields'->>'whiteboard' = $1`, [last]);
    if (Number(rows[0]?.n ?? 0) >= bugCount) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
}
