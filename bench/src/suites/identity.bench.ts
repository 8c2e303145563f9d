import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startNodeProcess } from '@tracker/testing';
import { httpRequestsPerSecond } from '../http-load';
import type { Measurement } from '../report';
import { median } from './http.bench';

const ROOT = resolve(__dirname, '../../../..');
const CONNECTIONS = 32;
const SECONDS = 4;
const ROUNDS = 3;
const ADMIN_LOGIN = 'bench-admin@example.com';
const ADMIN_API_KEY = 'BenchAdminKey000000000000000000000000001';

/**
 * Authenticated `GET /rest/whoami` at 32 connections on the standalone process: every
 * request has identity look its API key up (no caching, so that a revoked key is refused
 * on the next call) and the gateway answers from the AuthContext. The key travels as
 * python-bugzilla sends it, `Bugzilla_api_key` in the query string. Compared with the
 * gateway's unauthenticated `GET /rest/version` of the http suite; median of 3 rounds.
 */
export async function identityBench(): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-identity-'));
  const tracker = startNodeProcess(
    'standalone',
    'dist/apps/standalone/src/main.js',
    {
      PORT: '0',
      TRACKER_HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_LOG_LEVEL: 'log',
      TRACKER_ADMIN_LOGIN: ADMIN_LOGIN,
      TRACKER_ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
      TRACKER_ADMIN_API_KEY: ADMIN_API_KEY,
    },
    ROOT,
  );
  try {
    const [, port] = await tracker.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
    const url = `http://127.0.0.1:${port}/rest/whoami?Bugzilla_api_key=${ADMIN_API_KEY}`;
    const rates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) rates.push(await httpRequestsPerSecond(url, CONNECTIONS, SECONDS));
    return [
      {
        suite: 'identity',
        name: 'authenticated GET /rest/whoami (API key), 32 connections',
        value: median(rates),
        unit: 'req/s',
        baseline: 'gateway GET /rest/version, 32 connections',
      },
    ];
  } finally {
    await tracker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
