import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVICE_NAMES } from '@tracker/contracts';
import { type NodeProcess, type OwnNatsServer, http, sparePort, startNodeProcess, startOwnNatsServer } from '@tracker/testing';
import { TEST_ADMIN_ENV } from '../../support/admin';
import { type OwnPostgres, startOwnPostgres } from './own-postgres';

/**
 * Tracker in distributed mode (each service and the gateway its own node process, as
 * test/support/tracker.ts starts them) on a NATS server and a PostgreSQL cluster of this
 * test's own, so that any of them can be killed and started again. The gateway keeps its
 * port across restarts, as behind a load balancer.
 */
export interface FaultTracker {
  readonly baseUrl: string;
  readonly nats: OwnNatsServer;
  readonly postgres: OwnPostgres;
  /** kill -9 of a service or `gateway` */
  kill(name: string): Promise<void>;
  /** starts it again; resolves once it says it answers */
  start(name: string): Promise<void>;
  /** every process's output, for a failure's message */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '../../..');
/** A process's start on a busy shared machine (seven node processes start at once) */
const START_MS = 150_000;

export async function startFaultTracker(): Promise<FaultTracker> {
  const nats = await startOwnNatsServer();
  const postgres = await startOwnPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'tracker-fault-'));
  const port = await sparePort();
  const env = {
    TRACKER_DATABASE_URL: postgres.url,
    TRACKER_NATS_URL: nats.url,
    TRACKER_NATS_SUBJECT_PREFIX: `fault-${randomUUID().slice(0, 8)}.`,
    TRACKER_BLOB_STORE: 'directory',
    TRACKER_BLOB_DIR: join(dataDir, 'blobs'),
    TRACKER_DATABASE_POOL_SIZE: '4',
    TRACKER_LOG_LEVEL: 'log',
    ...TEST_ADMIN_ENV,
  };
  const processes = new Map<string, NodeProcess>();
  const finished: string[] = [];
  const start = async (name: string): Promise<void> => {
    const old = processes.get(name);
    if (old) finished.push(`--- ${name} (before its restart) ---\n${old.output()}`);
    if (name === 'gateway') {
      const gateway = startNodeProcess(
        name,
        'dist/apps/gateway/src/main.js',
        { ...env, PORT: String(port), TRACKER_HOST: '127.0.0.1' },
        ROOT,
      );
      processes.set(name, gateway);
      await gateway.waitFor(/Tracker REST API on http:\/\/localhost:\d+\/rest/, START_MS);
      return;
    }
    const service = startNodeProcess(name, `dist/apps/${name}/src/main.js`, env, ROOT);
    processes.set(name, service);
    await service.waitFor(/answers on nats:/, START_MS);
  };
  const tracker: FaultTracker = {
    baseUrl: `http://127.0.0.1:${port}`,
    nats,
    postgres,
    kill: async (name) => processes.get(name)?.kill(),
    start,
    output: () => [...finished, ...[...processes].map(([name, p]) => `--- ${name} ---\n${p.output()}`)].join('\n'),
    stop: async () => {
      await Promise.all([...processes.values()].map((p) => p.stop()));
      await nats.stop();
      postgres.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // the gateway starts alongside the services (any start order works); health tells when all are up
    await Promise.all(['gateway', ...SERVICE_NAMES].map((name) => start(name)));
    await waitForHealthy(tracker.baseUrl);
    return tracker;
  } catch (error) {
    const output = tracker.output();
    await tracker.stop();
    throw new Error(`${String(error)}\n${output}`);
  }
}

export async function waitForHealthy(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await http(baseUrl, '/rest/health').catch(() => undefined);
    if (health?.status === 200 && health.json<{ status: string }>().status === 'ok') return;
    if (Date.now() > deadline) throw new Error(`Tracker did not become healthy: ${health?.text ?? 'no answer'}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
