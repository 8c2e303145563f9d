/**
 * The real servers a test may need. Jest's global setup probes them once and records
 * which answered; in CI (CI=true) a missing server fails the run there, so a suite that
 * needs one can only be skipped on a developer's machine, and then it says so loudly.
 */
export type TestServer = 'postgres' | 'redis' | 'nats';

export const TEST_SERVER_URLS: Readonly<Record<TestServer, string>> = {
  postgres: process.env['TRACKER_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: process.env['TRACKER_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379',
  nats: process.env['TRACKER_TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222',
};

export const AVAILABLE_SERVERS_VARIABLE = 'TRACKER_TEST_AVAILABLE_SERVERS';

export function isServerAvailable(server: TestServer): boolean {
  const available = process.env[AVAILABLE_SERVERS_VARIABLE];
  if (available === undefined) throw new Error('Test servers were not probed: run the tests through jest.config.js');
  return available.split(',').includes(server);
}

/** A describe block that runs only when every server it needs answered the probe. */
export function describeWithServers(servers: readonly TestServer[], name: string, body: () => void): void {
  const missing = servers.filter((server) => !isServerAvailable(server));
  if (missing.length === 0) {
    describe(name, body);
    return;
  }
  console.warn(`\n!!! SKIPPED "${name}": no ${missing.join(', ')} server reachable on this machine !!!\n`);
  describe.skip(name, body);
}
