import type { Pool } from 'pg';
import { httpRequestsPerSecond } from '../http-load';
import { ratePerSecond } from '../measure';
import type { Measurement } from '../report';
import { ADMIN, GENERATED } from './bugs-generator';
import { SECONDS } from './bugs-http';
import { median } from './http.bench';

const CONNECTIONS = 32;
const ROUNDS = 3;

/**
 * GET /rest/bug/{id} requests/s at 32 connections with the administrator's API key,
 * against the same call without credentials, the raw primary-key read of the same row at
 * 32 in flight, and the raw chain HTTP -> NATS -> PostgreSQL reading it (when NATS runs),
 * in alternating rounds.
 */
export async function keyedReads(base: string, pool: Pool, chain: string | null): Promise<Measurement[]> {
  const id = 1_000_001 + Math.min(12_345, Math.floor(GENERATED / 2));
  const rates = { raw: [] as number[], chain: [] as number[], version: [] as number[], anonymous: [] as number[], bug: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    rates.raw.push(await ratePerSecond(4000, CONNECTIONS, (i) => pool.query('SELECT doc FROM bugs.bugs WHERE id = $1', [id + (i % 1000)])));
    if (chain !== null) rates.chain.push(await httpRequestsPerSecond(`${chain}/bug/${id}`, CONNECTIONS, SECONDS));
    rates.version.push(await httpRequestsPerSecond(`${base}/version`, CONNECTIONS, SECONDS));
    rates.anonymous.push(await httpRequestsPerSecond(`${base}/bug/${id}`, CONNECTIONS, SECONDS));
    rates.bug.push(await httpRequestsPerSecond(`${base}/bug/${id}?Bugzilla_api_key=${ADMIN.apiKey}`, CONNECTIONS, SECONDS));
  }
  const withKey = 'GET /rest/bug/{id} with API key, 32 connections';
  const chainName = 'raw chain HTTP -> NATS -> PostgreSQL primary-key read, 32 connections';
  return [
    { suite: 'bugs', name: 'raw PostgreSQL primary-key read, 32 in flight', value: median(rates.raw), unit: 'reads/s' },
    ...(chain !== null ? [{ suite: 'bugs', name: chainName, value: median(rates.chain), unit: 'req/s' }] : []),
    { suite: 'bugs', name: 'gateway GET /rest/version (bugs run), 32 connections', value: median(rates.version), unit: 'req/s' },
    { suite: 'bugs', name: 'GET /rest/bug/{id} without credentials, 32 connections', value: median(rates.anonymous), unit: 'req/s' },
    {
      suite: 'bugs',
      name: withKey,
      value: median(rates.bug),
      unit: 'req/s',
      baseline: 'GET /rest/bug/{id} without credentials, 32 connections',
      target: 0.6,
    },
    {
      suite: 'bugs',
      name: `${withKey}, against the raw read`,
      value: median(rates.bug),
      unit: 'req/s',
      baseline: 'raw PostgreSQL primary-key read, 32 in flight',
    },
    ...(chain !== null
      ? [
          {
            suite: 'bugs',
            name: `${withKey}, against the raw chain`,
            value: median(rates.bug),
            unit: 'req/s',
            baseline: chainName,
            target: 0.3,
          },
        ]
      : []),
  ];
}
