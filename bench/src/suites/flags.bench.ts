import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTempDatabase } from '@tracker/testing';
import { httpRequestsPerSecond } from '../http-load';
import type { Measurement } from '../report';
import { restBaseOf, startBenchStandalone } from './bench-standalone';
import { ADMIN } from './bugs-generator';
import { median } from './http.bench';

const CONNECTIONS = 32;
const SECONDS = 4;
const ROUNDS = 3;
/** A key for the bench's own administrator (never used outside this throwaway process). */

/**
 * Flags in bug reads (issue 15, docs/flags.md §12): GET /rest/bug/{id} with an API key at 32
 * connections for a bug holding 5 flags (two types, one multiplicable; the gateway composes
 * them with one `flags.of` call), as a ratio to the same read of a bug without flags (for
 * which flags.of is asked too and answers nothing: its one flag was cleared, so its
 * `ever_flagged` is set, docs/bugs.md "Flags of a read"): the cost of composing five flags
 * rather than none. Also, without a target, the read of a bug that never had flags, which
 * costs no flags.of call at all, and the ratio of the 5-flag read to it. Rounds alternate
 * between the bugs in the same process, and each figure is the median of its rounds;
 * target 70% or more.
 */
export async function flagsBench(): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-flags-'));
  const database = await createTempDatabase('bench_flags').catch(() => undefined);
  const tracker = startBenchStandalone(dataDir, database ? { TRACKER_DATABASE_URL: database.url } : {});
  try {
    return await measure(await restBaseOf(tracker));
  } finally {
    await tracker.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(base: string): Promise<Measurement[]> {
  const type = async (name: string, isMultiplicable: boolean, sortkey: number): Promise<number> => {
    const body = { name, description: name, target_type: 'bug', inclusions: ['TestProduct'], is_multiplicable: isMultiplicable, sortkey };
    return (await call<{ id: number }>(base, 'POST', '/flag_type', body, 201)).id;
  };
  const review = await type('bench-review', true, 1);
  const approval = await type('bench-approval', false, 2);
  const flags = [
    { type_id: review, status: '?', requestee: ADMIN.login },
    { type_id: review, status: '+', new: true },
    { type_id: review, status: '-', new: true },
    { type_id: review, status: '?', new: true },
    { type_id: approval, status: '+' },
  ];
  const [plain, flagged, neverFlagged] = [
    await createBug(base, [{ type_id: approval, status: '+' }]),
    await createBug(base, flags),
    await createBug(base, []),
  ];
  const [cleared] = (await call<{ bugs: Array<{ flags: Array<{ id: number }> }> }>(base, 'GET', `/bug/${plain}`)).bugs[0]?.flags ?? [];
  await call(base, 'PUT', `/bug/${plain}`, { flags: [{ id: cleared?.id, status: 'X' }] });
  await expectFlags(base, plain, 0);
  await expectFlags(base, flagged, 5);
  const url = (id: number): string => `${base}/bug/${id}?Bugzilla_api_key=${ADMIN.apiKey}`;
  const rates = { plain: [] as number[], flagged: [] as number[], neverFlagged: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    rates.plain.push(await httpRequestsPerSecond(url(plain), CONNECTIONS, SECONDS));
    rates.flagged.push(await httpRequestsPerSecond(url(flagged), CONNECTIONS, SECONDS));
    rates.neverFlagged.push(await httpRequestsPerSecond(url(neverFlagged), CONNECTIONS, SECONDS));
  }
  const baseline = 'GET /rest/bug/{id} with API key, bug without flags (cleared: flags.of asked), 32 connections';
  const never = 'GET /rest/bug/{id} with API key, bug that never had flags (flags.of not asked), 32 connections';
  const withFive = 'GET /rest/bug/{id} with API key, bug with 5 flags, 32 connections';
  return [
    { suite: 'flags', name: baseline, value: median(rates.plain), unit: 'req/s' },
    { suite: 'flags', name: withFive, value: median(rates.flagged), unit: 'req/s', baseline, target: 0.7 },
    { suite: 'flags', name: never, value: median(rates.neverFlagged), unit: 'req/s' },
    {
      suite: 'flags',
      name: `${withFive}, against a bug that never had flags`,
      value: median(rates.flagged),
      unit: 'req/s',
      baseline: never,
    },
  ];
}

async function createBug(base: string, flags: readonly unknown[]): Promise<number> {
  const body = {
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary: 'Bench bug',
    description: 'Flags bench.',
    flags,
  };
  return (await call<{ id: number }>(base, 'POST', '/bug', body)).id;
}

async function expectFlags(base: string, bugId: number, count: number): Promise<void> {
  const read = await call<{ bugs: Array<{ flags: unknown[] }> }>(base, 'GET', `/bug/${bugId}`);
  if (read.bugs[0]?.flags.length !== count) throw new Error(`bug ${bugId} reads ${read.bugs[0]?.flags.length} flags, not ${count}`);
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
