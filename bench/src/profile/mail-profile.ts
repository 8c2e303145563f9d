import 'reflect-metadata';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quiet, startMailBenchTracker, updatesPerSecond } from '../suites/mail-bench-tracker';
import { summarise } from './profile-summary';
import { startProfiled } from './profiled-process';

/**
 * `node dist/bench/src/profile/mail-profile.js [seconds]`: the mail write-path bench's
 * distributed Tracker, its mailer process under `node --cpu-prof` while every bug update
 * mails the global watcher, then the mailer's self time by place and by function and its
 * CPU per mail. The profile covers the mailer's whole life: start-up is in it too.
 */
async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 20);
  const profileDir = await mkdtemp(join(tmpdir(), 'tracker-mail-profile-'));
  const tracker = await startMailBenchTracker();
  const mailer = startProfiled(profileDir, tracker.env, 'dist/apps/mailer/src/main.js');
  let mails = 0;
  try {
    await mailer.waitFor(/answers on nats:/, 60_000);
    await quiet(tracker.smtp);
    const before = tracker.smtp.received.length;
    const cpuBefore = process.cpuUsage();
    const rate = await updatesPerSecond(tracker.base, tracker.bugs, seconds);
    await quiet(tracker.smtp);
    mails = tracker.smtp.received.length - before;
    const bench = process.cpuUsage(cpuBefore);
    console.info(`${rate.toFixed(2)} updates/s, ${mails} mails; bench process CPU ${((bench.user + bench.system) / 1e6).toFixed(1)} s`);
  } finally {
    await mailer.stop();
    await tracker.stop();
  }
  const [profile] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (!profile) throw new Error(`no profile written in ${profileDir}; output:\n${mailer.output().slice(-3000)}`);
  console.info(`profile: ${join(profileDir, profile)}\n\n${await summarise(join(profileDir, profile), 40)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
