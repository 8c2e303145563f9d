import { type NodeProcess, startNodeProcess } from '@tracker/testing';
import type { Measurement } from '../report';
import { median } from './http.bench';
import { LANES, quiet, ROOT, startMailBenchTracker, updateRound, WATCHER } from './mail-bench-tracker';

/** pairs of rounds (stopped, then running); more pairs for a steadier median on a shared machine */
const ROUNDS = Number(process.env['BENCH_MAIL_ROUNDS'] ?? 2);

/**
 * The write path with and without the notifier (issue 18: with it >= 95% of without): bug
 * updates per second (`PUT /rest/bug/{id}`, a new whiteboard, 8 bugs one update in flight
 * each) on a distributed Tracker (each service its own process, real NATS, PostgreSQL and
 * Redis), measured in alternating rounds with the mailer process stopped and running. While
 * it runs, every update mails the bug's CC (also a global watcher) through BullMQ to a
 * loopback SMTP server; it is started before its rounds and has caught up with the updates
 * made while it was stopped, so each running round pays for its own mail, not for a backlog.
 * Each round updates bugs made for it (mail-bench-tracker.ts: a bug's cost grows with its
 * stream), and the SMTP server only counts (mail-counting-smtp.ts); the last mail is checked.
 */
export async function mailWritePathBench(): Promise<Measurement[]> {
  const tracker = await startMailBenchTracker();
  let mailer: NodeProcess | undefined;
  try {
    const rates = { stopped: [] as number[], running: [] as number[], mailedInRound: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      rates.stopped.push((await updateRound(tracker.base, await tracker.freshBugs())).rate);
      mailer = startNodeProcess('mailer', 'dist/apps/mailer/src/main.js', tracker.env, ROOT);
      await mailer.waitFor(/answers on nats:/, 60_000);
      const bugs = await tracker.freshBugs();
      // the backlog (the bugs' creation, the stopped round's updates) mailed before the clock starts
      await quiet(tracker.smtp);
      const before = tracker.smtp.accepted();
      const running = await updateRound(tracker.base, bugs);
      rates.running.push(running.rate);
      // each update is one mail: how far the mailer kept up while the updates ran (the rest is mailed after)
      rates.mailedInRound.push((tracker.smtp.accepted() - before) / running.updates);
      await quiet(tracker.smtp);
      await tracker.smtp.checkLastMail(WATCHER);
      await mailer.stop();
      mailer = undefined;
    }
    const stopped = `mail: bug updates/s with the notifier stopped, ${LANES} bugs one in flight each`;
    return [
      { suite: 'mail write path', name: stopped, value: median(rates.stopped), unit: 'updates/s' },
      {
        suite: 'mail write path',
        name: `mail: bug updates/s with the notifier mailing each one, ${LANES} bugs one in flight each`,
        value: median(rates.running),
        unit: 'updates/s',
        baseline: stopped,
        target: 0.95,
      },
      {
        suite: 'mail write path',
        // each pair's rounds are a minute apart at most: their ratio is less exposed to the load of others than the medians'
        name: `mail: running / stopped within each pair of rounds, median of ${ROUNDS}`,
        value: Math.round(median(rates.running.map((rate, i) => rate / (rates.stopped[i] ?? rate))) * 100),
        unit: '%',
      },
      {
        suite: 'mail write path',
        name: 'mail: of the running rounds’ updates, mailed before the round ended (the rest right after)',
        value: Math.round(median(rates.mailedInRound) * 100),
        unit: '%',
      },
    ];
  } finally {
    await mailer?.stop();
    await tracker.stop();
  }
}
