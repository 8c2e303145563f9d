import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { connect as connectNats } from 'nats';
import { Client } from 'pg';
import Redis from 'ioredis';
import { AVAILABLE_SERVERS_VARIABLE, TEST_SERVER_URLS, type TestServer } from '../../libs/testing/src/test-servers'; // global setup runs outside Jest's module mapper

/**
 * Runs once before the suites: compiles dist/ (distributed-mode tests start the apps as
 * node processes from it) and probes the real servers. In CI every server must answer;
 * on a developer's machine the suites that need a missing one are skipped, loudly.
 */
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, [resolve(__dirname, '../../tools/build.mjs')], { stdio: 'inherit' });
  const probes: Record<TestServer, () => Promise<void>> = {
    postgres: async () => {
      const client = new Client({ connectionString: TEST_SERVER_URLS.postgres, connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
    },
    redis: async () => {
      const redis = new Redis(TEST_SERVER_URLS.redis, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
      await redis.connect();
      await redis.ping();
      redis.disconnect();
    },
    nats: async () => {
      const nc = await connectNats({ servers: TEST_SERVER_URLS.nats, timeout: 2000, reconnect: false });
      await nc.close();
    },
  };
  const results = await Promise.all(
    (Object.keys(probes) as TestServer[]).map(async (server) => {
      try {
        await probes[server]();
        return { server, ok: true };
      } catch (error) {
        return { server, ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const missing = results.filter((r) => !r.ok);
  process.env[AVAILABLE_SERVERS_VARIABLE] = results
    .filter((r) => r.ok)
    .map((r) => r.server)
    .join(',');
  if (missing.length === 0) return;
  const report = missing.map((r) => `${r.server} (${TEST_SERVER_URLS[r.server]}): ${r.reason ?? ''}`).join('\n  ');
  if (process.env['CI'] === 'true') throw new Error(`CI needs every test server, but these did not answer:\n  ${report}`);
  console.warn(`\n!!! These servers did not answer; the suites that need them will be SKIPPED:\n  ${report}\n`);
}
