import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { type BugUpdated, bugStream } from '@tracker/contracts';
import { PostgresEventStore } from '@tracker/platform/event-store';
import type { TempDatabase } from '@tracker/testing';
import { latencies } from '../measure';
import type { Measurement } from '../report';
import { ADMIN, bugCreated } from './bugs-generator';
import { call } from './bugs-http';

/** The bench's bug with a long history: outside the generated ids, its comment outside theirs. */
const BUG_ID = 900_001;
const EVENTS = 1000;
const READS = 200;
/** its events are one second apart from this instant, so an as_of can fall between any two */
const FIRST = Date.parse('2026-01-01T00:00:00Z');

/**
 * GET /rest/bug/{id}?as_of= (issue 20, docs/as-of.md) of a bug with 1,000 events (its
 * creation and 999 whiteboard changes, appended straight to the event store), one read at
 * a time, p50 and p95: as of the middle of its history and as of after its last event
 * (the whole stream is read either way; the fold stops at the instant), against the plain
 * read of the same bug from the read model.
 */
export async function asOfReads(base: string, database: TempDatabase, pool: Pool): Promise<Measurement[]> {
  await appendHistory(database);
  for (;;) {
    const rows: Array<{ whiteboard: string }> = (
      await pool.query('SELECT doc->$2->>$3 AS whiteboard FROM bugs.bugs WHERE id = $1', [BUG_ID, 'fields', 'whiteboard'])
    ).rows;
    if (rows[0]?.whiteboard === `change ${EVENTS - 1}`) break;
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  const read = (query: string) => () => call(base, 'GET', `/bug/${BUG_ID}${query}`);
  const middle = new Date(FIRST + (EVENTS / 2) * 1000).toISOString();
  const plain = await latencies(READS, read(''));
  const half = await latencies(READS, read(`?as_of=${encodeURIComponent(middle)}`));
  const whole = await latencies(READS, read('?as_of=2099-01-01T00:00:00Z'));
  console.info(
    `bench: as_of reads of a 1,000-event bug, p50 ${half.p50.toFixed(1)} / ${whole.p50.toFixed(1)} ms, plain ${plain.p50.toFixed(1)} ms`,
  );
  const name = 'GET /rest/bug/{id} of a bug with 1,000 events, one at a time';
  return [
    { suite: 'bugs', name: `${name}, p50`, value: plain.p50, unit: 'ms' },
    { suite: 'bugs', name: `${name}, as_of its middle, p50`, value: half.p50, unit: 'ms', baseline: `${name}, p50` },
    { suite: 'bugs', name: `${name}, as_of its middle, p95`, value: half.p95, unit: 'ms' },
    { suite: 'bugs', name: `${name}, as_of after its last event, p50`, value: whole.p50, unit: 'ms', baseline: `${name}, p50` },
    { suite: 'bugs', name: `${name}, as_of after its last event, p95`, value: whole.p95, unit: 'ms' },
  ];
}

async function appendHistory(database: TempDatabase): Promise<void> {
  const store = await PostgresEventStore.create(database.connection, { poolSize: 2 });
  const correlationId = randomUUID();
  const metadata = (i: number) => ({
    actor: 1,
    occurredAt: new Date(FIRST + i * 1000).toISOString(),
    correlationId,
    causationId: correlationId,
  });
  const participants = { assignee: 1, qaContact: null, reporter: 1, cc: [] };
  try {
    const created = bugCreated(BUG_ID, 900_001, 0);
    await store.appendToStream(bugStream(BUG_ID), [{ ...created, schemaVersion: 1, metadata: metadata(0) }], {
      expectedRevision: 'no_stream',
    });
    for (let i = 1; i < EVENTS; i += 100) {
      const batch = Array.from({ length: Math.min(100, EVENTS - i) }, (_, k) => {
        const event: BugUpdated = {
          type: 'BugUpdated',
          data: {
            bugId: BUG_ID,
            changedBy: { id: 1, login: ADMIN.login },
            changes: { whiteboard: `change ${i + k}` },
            participants: { before: participants, after: participants },
          },
        };
        return { ...event, schemaVersion: 1, metadata: metadata(i + k) };
      });
      await store.appendToStream(bugStream(BUG_ID), batch, { expectedRevision: 'any' });
    }
  } finally {
    await store.close();
  }
}
