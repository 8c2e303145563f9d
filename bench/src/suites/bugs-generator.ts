import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { type BugCreated, bugStream, type BugFields } from '@tracker/contracts';
import { PostgresEventStore } from '@tracker/platform/event-store';
import type { TempDatabase } from '@tracker/testing';
import { runLanes } from '../measure';
import type { Measurement } from '../report';

/** `BENCH_GENERATED_BUGS=10000 npm run bench -- bugs`: a shorter run on a busy machine (search figures then say less) */
export const GENERATED = Number(process.env['BENCH_GENERATED_BUGS'] ?? 100_000);
export const PRODUCTS = 10;
/** The bench's own administrator (a throwaway process and database). */
export const ADMIN = {
  login: 'bench-admin@example.com',
  password: 'Bench-Admin-2026!',
  apiKey: 'TrackerBenchAdminKey00000000000000000002',
};
export const WORDS = [
  'crash',
  'renderer',
  'timeout',
  'widget',
  'upside',
  'memory',
  'leak',
  'login',
  'search',
  'slow',
  'printer',
  'font',
  'scroll',
  'cache',
  'sync',
];

/** The fields of generated bug `i`: words, products and statuses spread evenly. */
export function fieldsOf(i: number): BugFields {
  const word = (n: number): string => WORDS[(i * 7 + n * 13) % WORDS.length] ?? 'bug';
  const product = `Bench${i % PRODUCTS}`;
  const status = ['CONFIRMED', 'IN_PROGRESS', 'RESOLVED', 'UNCONFIRMED'][i % 4] ?? 'CONFIRMED';
  return {
    summary: `${word(1)} in ${word(2)} when ${word(3)} ${i}`,
    product: { id: 2 + (i % PRODUCTS), name: product },
    component: { id: 2 + (i % PRODUCTS), name: 'Main' },
    classification: 'Unclassified',
    version: '1.0',
    targetMilestone: '---',
    status,
    isOpen: status !== 'RESOLVED',
    resolution: status === 'RESOLVED' ? 'FIXED' : '',
    isConfirmed: status !== 'UNCONFIRMED',
    dupeOf: null,
    priority: ['High', 'Normal', 'Low', '---'][i % 4] ?? '---',
    severity: 'normal',
    platform: 'All',
    opSys: 'All',
    url: '',
    whiteboard: i % 10 === 0 ? `[${word(4)}]` : '',
    assignee: { id: 1, login: ADMIN.login },
    qaContact: null,
    isCcAccessible: true,
    isCreatorAccessible: true,
    deadline: null,
    estimatedTime: 0,
    remainingTime: 0,
    alias: [],
    keywords: [],
    seeAlso: [],
    groups: [],
    blocks: [],
    dependsOn: [],
    cc: [],
    customFields: {},
  };
}

/** The BugCreated of bench bug `bugId`, its fields those of `fieldsOf(i)`, reported by the administrator. */
export function bugCreated(bugId: number, commentId: number, i: number): BugCreated {
  const fields = fieldsOf(i);
  return {
    type: 'BugCreated',
    data: {
      bugId,
      reporter: { id: 1, login: ADMIN.login },
      fields,
      description: {
        commentId,
        count: 0,
        text: `Steps for ${fields.summary}.`,
        isPrivate: false,
        isMarkdown: false,
        workTime: 0,
        tags: [],
        attachmentId: null,
        addedText: null,
      },
      participants: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
    },
  };
}

/**
 * Appends `count` BugCreated events (ids from 1,000,001), `connections` at a time, and
 * waits until the read model holds them: with the Tracker running, the projection catches
 * up meanwhile; `appendBugs` and `waitUntilProjected` apart let a suite append first and
 * start the Tracker after (search-scale.bench.ts).
 */
export async function generateBugs(database: TempDatabase, pool: Pool, connections: number, count = GENERATED): Promise<Measurement[]> {
  const started = process.hrtime.bigint();
  await appendBugs(database, connections, count);
  await waitUntilProjected(pool, count);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.info(`bench: generated ${count.toLocaleString('en-US')} bugs in ${seconds.toFixed(0)} s`);
  return [
    {
      suite: 'bugs',
      name: `generate ${count.toLocaleString('en-US')} bugs (append + projection)`,
      value: count / seconds,
      unit: 'bugs/s',
    },
  ];
}

/** Appends the BugCreated events of `count` generated bugs straight to the event store. */
export async function appendBugs(database: TempDatabase, connections: number, count: number): Promise<void> {
  const store = await PostgresEventStore.create(database.connection, { poolSize: connections });
  const correlationId = randomUUID();
  try {
    await runLanes(count, connections, async (i) => {
      const bugId = 1_000_001 + i;
      const event = bugCreated(bugId, 2_000_001 + i, i);
      await store.appendToStream(
        bugStream(bugId),
        [
          {
            ...event,
            schemaVersion: 1,
            metadata: { actor: 1, occurredAt: new Date().toISOString(), correlationId, causationId: correlationId },
          },
        ],
        {
          expectedRevision: 'no_stream',
        },
      );
    });
  } finally {
    await store.close();
  }
}

/** Resolves once the bugs read model holds `count` generated bugs. */
export async function waitUntilProjected(pool: Pool, count: number): Promise<void> {
  for (;;) {
    const rows: Array<{ count: string }> = (await pool.query('SELECT count(*) AS count FROM bugs.bugs WHERE id > 1000000')).rows;
    if (Number(rows[0]?.count ?? 0) >= count) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
}
