import type { Pool } from 'pg';
import { httpRequestsPerSecond } from '../http-load';
import { latencies } from '../measure';
import type { Measurement } from '../report';
import { ADMIN, GENERATED, PRODUCTS, WORDS } from './bugs-generator';
import { call, SECONDS } from './bugs-http';
import { median } from './http.bench';

const SEARCHES = 60;
const ROUNDS = 3;
/** The bounds on the p95 of each search over the generated bugs, in ms. */
const P95_AT_MOST: Readonly<Record<string, number>> = { 'product+status': 50, 'summary substring': 200, quicksearch: 200 };

/**
 * Search latency p50/p95 over the generated bugs (product+status, summary substring,
 * quicksearch), one at a time, against the plain SELECT of the same rows on the same table;
 * the p95s bounded as issue 16 asks.
 */
export async function searchLatencies(base: string, pool: Pool, generated = GENERATED, suite = 'bugs'): Promise<Measurement[]> {
  const cases: Array<{ name: string; path: (i: number) => string; sql: string; args: (i: number) => unknown[] }> = [
    {
      name: 'product+status',
      path: (i) => `/bug?product=Bench${i % PRODUCTS}&status=IN_PROGRESS&limit=50`,
      sql: 'SELECT doc FROM bugs.bugs WHERE product = $1 AND status = $2 ORDER BY id LIMIT 50',
      args: (i) => [`Bench${i % PRODUCTS}`, 'IN_PROGRESS'],
    },
    {
      name: 'summary substring',
      path: (i) => `/bug?summary=${WORDS[i % WORDS.length] ?? 'crash'}&limit=50`,
      sql: 'SELECT doc FROM bugs.bugs WHERE lower(summary) LIKE $1 ORDER BY id LIMIT 50',
      args: (i) => [`%${WORDS[i % WORDS.length] ?? 'crash'}%`],
    },
    {
      name: 'quicksearch',
      path: (i) => `/bug?quicksearch=${WORDS[i % WORDS.length] ?? 'crash'}&limit=50`,
      sql: "SELECT doc FROM bugs.bugs WHERE lower(summary) LIKE $1 AND status = ANY('{UNCONFIRMED,CONFIRMED,IN_PROGRESS}') ORDER BY id LIMIT 50",
      args: (i) => [`%${WORDS[i % WORDS.length] ?? 'crash'}%`],
    },
  ];
  const results: Measurement[] = [];
  for (const { name, path, sql, args } of cases) {
    const gateway = await latencies(SEARCHES, (i) => call(base, 'GET', path(i)));
    const plain = await latencies(SEARCHES, (i) => pool.query(sql, args(i)));
    for (const p of ['p50', 'p95'] as const) {
      const baseline = `plain SELECT over ${generated.toLocaleString('en-US')} bugs, ${name}, ${p}`;
      const atMost = p === 'p95' ? P95_AT_MOST[name] : undefined;
      results.push({ suite, name: baseline, value: plain[p], unit: 'ms' });
      results.push({
        suite,
        name: `search over ${generated.toLocaleString('en-US')} bugs, ${name}, ${p}`,
        value: gateway[p],
        unit: 'ms',
        baseline,
        ...(atMost !== undefined ? { atMost } : {}),
      });
    }
  }
  return results;
}

/**
 * Searches per second of 50 bugs with three fields (include_fields=id,summary,status, an
 * API key) at 4 and 32 connections, against the raw chain HTTP -> NATS -> PostgreSQL
 * running the equivalent SELECT (same rows, same columns, visibility included), measured
 * in alternating rounds. Without the chain (no NATS) the Tracker figures stand alone.
 */
export async function searchThroughput(base: string, chain: string | null): Promise<Measurement[]> {
  const product = `Bench${1 % PRODUCTS}`;
  const tracker = `${base}/bug?product=${product}&status=IN_PROGRESS&include_fields=id,summary,status&limit=50&Bugzilla_api_key=${ADMIN.apiKey}`;
  const raw = `${chain}/search?product=${product}&status=IN_PROGRESS&user=1`;
  const results: Measurement[] = [];
  for (const connections of [4, 32]) {
    const rates = { tracker: [] as number[], raw: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      if (chain !== null) rates.raw.push(await httpRequestsPerSecond(raw, connections, SECONDS));
      rates.tracker.push(await httpRequestsPerSecond(tracker, connections, SECONDS));
    }
    const baseline = `raw chain HTTP -> NATS -> PostgreSQL, the same search, ${connections} connections`;
    if (chain !== null) results.push({ suite: 'bugs', name: baseline, value: median(rates.raw), unit: 'req/s' });
    results.push({
      suite: 'bugs',
      name: `search, 50 bugs, id,summary,status (API key), ${connections} connections`,
      value: median(rates.tracker),
      unit: 'req/s',
      ...(chain !== null ? { baseline } : {}),
      ...(chain !== null && connections === 32 ? { target: 0.3 } : {}),
    });
  }
  return results;
}
