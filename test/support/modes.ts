import { describeWithServers } from '@tracker/testing';
import { type RunMode, type RunningTracker, startTracker } from './tracker';

/**
 * Declares the same end-to-end suite for both run modes. The distributed run needs the
 * real PostgreSQL and NATS servers (in CI it must run; see test/setup/global-setup.ts).
 */
export function describeInBothModes(
  name: string,
  body: (tracker: () => RunningTracker, mode: RunMode) => void,
  env: Readonly<Record<string, string>> = {},
): void {
  const suite = (mode: RunMode) => (): void => {
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
  describe(`${name} [embedded]`, suite('embedded'));
  describeWithServers(['postgres', 'nats'], `${name} [distributed]`, suite('distributed'));
}
