import { resolve } from 'node:path';
import { type NodeProcess, startNodeProcess } from '@tracker/testing';
import { ADMIN } from './bugs-generator';

const ROOT = resolve(__dirname, '../../../..');

/**
 * The node options of `npm start` (package.json's start script): a 4 MB semi-space keeps
 * the main thread's young generation at ~12 MB instead of ~48 MB (docs/benchmarks.md,
 * "Embedded memory, second round"). The embedded suite, which holds `npm start` to its
 * memory bound, starts the process with them; the throughput suites keep node's defaults.
 */
export const NPM_START_NODE_OPTIONS = '--max-semi-space-size=4';

/**
 * The standalone process as the bench suites run it: `npm start`'s build output on a port
 * of its own, with the bench's administrator, on `dataDir` (and on the real PostgreSQL
 * when `env` names `TRACKER_DATABASE_URL`; embedded PGlite otherwise).
 */
export function startBenchStandalone(dataDir: string, env: Readonly<Record<string, string>> = {}): NodeProcess {
  return startNodeProcess(
    'standalone',
    'dist/apps/standalone/src/main.js',
    {
      PORT: '0',
      TRACKER_HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_LOG_LEVEL: 'log',
      TRACKER_ADMIN_LOGIN: ADMIN.login,
      TRACKER_ADMIN_PASSWORD: ADMIN.password,
      TRACKER_ADMIN_API_KEY: ADMIN.apiKey,
      ...env,
    },
    ROOT,
  );
}

/** The REST base URL (`http://127.0.0.1:<port>/rest`) once the process says it listens. */
export async function restBaseOf(tracker: NodeProcess): Promise<string> {
  const [, port] = await tracker.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
  return `http://127.0.0.1:${port}/rest`;
}
