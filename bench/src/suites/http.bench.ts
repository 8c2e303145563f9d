import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startNodeProcess } from '@tracker/testing';
import { httpRequestsPerSecond } from '../http-load';
import type { Measurement } from '../report';

const ROOT = resolve(__dirname, '../../../..');
const CONNECTIONS = 32;
const SECONDS = 4;
const ROUNDS = 3;

/**
 * Requests per second at 32 connections: bare Fastify answering a fixed body (baseline)
 * and the gateway's GET /rest/version in the standalone process. On two shared cores a
 * single run swings by ±20%, so baseline and gateway are measured in alternating rounds
 * and each figure is the median. Target: the gateway at 50% or more of bare Fastify.
 */
export async function httpBench(): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-'));
  const bare = startNodeProcess('bare-fastify', 'dist/bench/src/servers/bare-fastify.js', {}, ROOT);
  const tracker = startNodeProcess(
    'standalone',
    'dist/apps/standalone/src/main.js',
    { PORT: '0', TRACKER_HOST: '127.0.0.1', TRACKER_DATA_DIR: dataDir, TRACKER_LOG_LEVEL: 'log' },
    ROOT,
  );
  try {
    const [, bareAddress] = await bare.waitFor(/listening (\S+)/);
    const [, port] = await tracker.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
    const targets = { bare: `${bareAddress}/hello`, gateway: `http://127.0.0.1:${port}/rest/version` };
    const rates = { bare: [] as number[], gateway: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      rates.bare.push(await httpRequestsPerSecond(targets.bare, CONNECTIONS, SECONDS));
      rates.gateway.push(await httpRequestsPerSecond(targets.gateway, CONNECTIONS, SECONDS));
    }
    return [
      { suite: 'http', name: 'bare Fastify hello, 32 connections', value: median(rates.bare), unit: 'req/s' },
      {
        suite: 'http',
        name: 'gateway GET /rest/version, 32 connections',
        value: median(rates.gateway),
        unit: 'req/s',
        baseline: 'bare Fastify hello, 32 connections',
        target: 0.5,
      },
    ];
  } finally {
    await Promise.all([bare.stop(), tracker.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
