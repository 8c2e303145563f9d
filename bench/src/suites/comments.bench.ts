import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { createTempDatabase, type TempDatabase } from '@tracker/testing';
import { ratePerSecond } from '../measure';
import type { Measurement } from '../report';
import { restBaseOf, startBenchStandalone } from './bench-standalone';
import { ADMIN } from './bugs-generator';
import { median } from './http.bench';

const COMMENTS = 500;
const READS = 300;
const CREATES = 200;
const CONCURRENCY = 8;
const ROUNDS = 3;
/** A key for the bench's own administrator (never used outside this throwaway process). */

/**
 * Comments through the gateway of the standalone process: comments added per second (POST
 * /rest/bug/{id}/comment, which answers once the comment is readable) while one bug gathers
 * 500 comments one after the other (issue 16: at least 25% of the bugs created per second
 * one at a time, measured just before), then on 8 bugs in parallel; then reads per second of
 * the 500 comments (GET /rest/bug/{id}/comment). Baselines measured in the same run with the
 * same client and concurrency: the gateway's GET /rest/version (the HTTP path alone) and,
 * on a real PostgreSQL server, the raw SQL read of the same 500 rows (the data alone).
 */
export async function commentsBench(): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-comments-'));
  const database = await createTempDatabase('bench_comments').catch(() => undefined);
  const tracker = startBenchStandalone(dataDir, database ? { TRACKER_DATABASE_URL: database.url } : {});
  try {
    return await measure(await restBaseOf(tracker), database);
  } finally {
    await tracker.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(base: string, database: TempDatabase | undefined): Promise<Measurement[]> {
  const bugId = await createBug(base);
  const addOne = (target: number, i: number): Promise<unknown> =>
    call(base, 'POST', `/bug/${target}/comment`, { comment: `Comment ${i} on bug ${target}.` }, 201);
  const version1 = await ratePerSecond(READS, 1, () => call(base, 'GET', '/version'));
  const created1 = await ratePerSecond(CREATES, 1, () => createBug(base));
  const added = await ratePerSecond(COMMENTS, 1, (i) => addOne(bugId, i));
  const laneBugs = await Promise.all(Array.from({ length: CONCURRENCY }, () => createBug(base)));
  const addedParallel = await lanesPerSecond(COMMENTS, laneBugs, addOne);
  const rates = { version: [] as number[], reads: [] as number[], sql: [] as number[] };
  const pool = database ? new Pool({ connectionString: database.url, max: CONCURRENCY }) : undefined;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      rates.version.push(await ratePerSecond(READS, CONCURRENCY, () => call(base, 'GET', '/version')));
      rates.reads.push(await ratePerSecond(READS, CONCURRENCY, () => call(base, 'GET', `/bug/${bugId}/comment`)));
      if (pool) rates.sql.push(await ratePerSecond(READS, CONCURRENCY, () => pool.query(RAW_READ, [bugId])));
    }
  } finally {
    await pool?.end();
  }
  const versionOne = 'comments: gateway GET /rest/version, 1 in flight';
  const createOne = 'comments: bugs created/s (POST /rest/bug), 1 in flight';
  const version = 'comments: gateway GET /rest/version, 8 in flight';
  const sql = 'comments: raw PostgreSQL read of the same 500 rows, 8 in flight';
  return [
    { suite: 'comments', name: versionOne, value: version1, unit: 'req/s' },
    {
      suite: 'comments',
      name: 'comments added/s on one bug (POST /rest/bug/{id}/comment), 1 in flight',
      value: added,
      unit: 'comments/s',
      baseline: versionOne,
    },
    { suite: 'comments', name: createOne, value: created1, unit: 'bugs/s' },
    {
      suite: 'comments',
      name: 'comments added/s on one bug, against creates one at a time',
      value: added,
      unit: 'comments/s',
      baseline: createOne,
      target: 0.25,
    },
    { suite: 'comments', name: version, value: median(rates.version), unit: 'req/s' },
    {
      suite: 'comments',
      name: 'comments added/s on 8 bugs, one in flight each',
      value: addedParallel,
      unit: 'comments/s',
      baseline: version,
    },
    {
      suite: 'comments',
      name: 'comment reads/s (GET /rest/bug/{id}/comment, 500 comments), 8 in flight',
      value: median(rates.reads),
      unit: 'req/s',
      baseline: version,
    },
    ...(pool
      ? [
          { suite: 'comments', name: sql, value: median(rates.sql), unit: 'queries/s' },
          { suite: 'comments', name: 'comment reads/s against the raw SQL read', value: median(rates.reads), unit: 'req/s', baseline: sql },
        ]
      : []),
  ];
}

/**
 * `count` operations over one lane per target, each lane one call at a time: comments on
 * different bugs in parallel. (Several writers on one bug at once race for its stream;
 * the loser is decided again, and after three lost races refused.)
 */
async function lanesPerSecond(
  count: number,
  targets: readonly number[],
  operation: (target: number, i: number) => Promise<unknown>,
): Promise<number> {
  const perLane = Math.ceil(count / targets.length);
  const started = process.hrtime.bigint();
  await Promise.all(
    targets.map(async (target, lane) => {
      for (let i = 0; i < perLane; i++) await operation(target, lane * perLane + i);
    }),
  );
  return (perLane * targets.length) / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** What the comments read model reads for one bug, with the author join, straight from PostgreSQL. */
const RAW_READ = `SELECT c.*, a.login FROM comments.comments c LEFT JOIN comments.comment_authors a ON a.user_id = c.author_id
  WHERE c.bug_id = $1 ORDER BY c.count`;

async function createBug(base: string): Promise<number> {
  const body = {
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary: 'Bench bug',
    description: 'Comment 0.',
  };
  return (await call<{ id: number }>(base, 'POST', '/bug', body)).id;
}

async function call<T = unknown>(base: string, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-bugzilla-api-key': ADMIN.apiKey },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
