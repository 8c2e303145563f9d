import { describeWithServers } from '@tracker/testing';
import { type RunMode, type RunningTracker, startTracker } from './tracker';

type SuiteBody = (tracker: () => RunningTracker, mode: RunMode) => void;

/**
 * Declares the same end-to-end suite for both run modes. The distributed run needs the
 * real PostgreSQL and NATS servers (in CI it must run; see test/setup/global-setup.ts).
 *
 * A suite runs in both modes when what it tests crosses what only the distributed mode
 * has: processes and the NATS bus between them, the real PostgreSQL server, MinIO, Redis.
 * Rules decided inside one service, already crossing those in other suites, run in the
 * embedded mode alone (`describeInEmbeddedMode`): a distributed start costs seven
 * processes, and the suite time is a budget (docs/testing.md).
 */
export function describeInBothModes(name: string, body: SuiteBody, env: Readonly<Record<string, string>> = {}): void {
  describe(`${name} [embedded]`, suiteIn('embedded', body, env));
  describeWithServers(['postgres', 'nats'], `${name} [distributed]`, suiteIn('distributed', body, env));
}

/** Declares an end-to-end suite for the embedded run mode only (see describeInBothModes). */
export function describeInEmbeddedMode(name: string, body: SuiteBody, env: Readonly<Record<string, string>> = {}): void {
  describe(`${name} [embedded]`, suiteIn('embedded', body, env));
}

function suiteIn(mode: RunMode, body: SuiteBody, env: Readonly<Record<string, string>>): () => void {
  return () => {
    let running: RunningTracker | undefined;
    beforeAll(async () => {
      running = await startTracker(mode, env);
    }, 120_000);
    afterAll(async () => {
      await running?.stop();
    });
    body(() => {
      if (!running) throw new Error('Tracker is not running');
      return running;
    }, mode);
  };
}
