import 'reflect-metadata';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, startNodeProcess } from '@tracker/testing';
import { quiet, ROOT, startMailBenchTracker, updateRound } from '../suites/mail-bench-tracker';
import { summarise } from './profile-summary';
import { startProfiled } from './profiled-process';
import { perUpdate, readCpu, trackerProcesses } from './tracker-cpu';

/**
 * `node dist/bench/src/profile/mail-profile.js [seconds] [cpu-only]`: the mail write-path
 * bench's distributed Tracker, a round of bug updates with the mailer stopped, then its mailer
 * process (under `node --cpu-prof` unless `cpu-only`, which keeps the profiler's overhead out
 * of the CPU figures) and a round where every update mails the global watcher. Prints the CPU
 * per update of every process in both rounds (tracker-cpu.ts: the services, the PostgreSQL
 * backends by the service they serve, Redis, the bench's own client and counting SMTP server; the
 * running round's figure includes the wait until the last mail), so the difference is what
 * the mail costs each of them; then the mailer's self time by place and by function.
 */
const IDLE_SECONDS = 5;
const WARM_UP_SECONDS = 3;

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 20);
  const profiled = process.argv[3] !== 'cpu-only';
  // the profile is kept for reading after the run; a cpu-only run leaves nothing behind
  const profileDir = profiled ? await mkdtemp(join(tmpdir(), 'tracker-mail-profile-')) : '';
  const tracker = await startMailBenchTracker();
  const prefix = tracker.env['TRACKER_NATS_SUBJECT_PREFIX'] ?? '';
  const databaseUrl = tracker.databaseUrl;
  const services = await trackerProcesses(prefix);
  // the services' code warmed up (JIT, pools, caches) before anything is counted
  await updateRound(tracker.base, await tracker.freshBugs(), WARM_UP_SECONDS);
  const stoppedBefore = await readCpu(services, databaseUrl);
  const stopped = await updateRound(tracker.base, await tracker.freshBugs(), seconds);
  const stoppedCpu = perUpdate(stoppedBefore, await readCpu(services, databaseUrl), stopped.updates);
  const script = 'dist/apps/mailer/src/main.js';
  const mailer = profiled ? startProfiled(profileDir, tracker.env, script) : startNodeProcess('mailer', script, tracker.env, ROOT);
  try {
    await mailer.waitFor(/answers on nats:/, 60_000);
    const bugs = await tracker.freshBugs();
    await quiet(tracker.smtp);
    const before = tracker.smtp.accepted();
    const everyone = await trackerProcesses(prefix);
    const cpuBefore = await readCpu(everyone, databaseUrl);
    const running = await updateRound(tracker.base, bugs, seconds);
    await quiet(tracker.smtp);
    const mails = tracker.smtp.accepted() - before;
    const cpuAfter = await readCpu(everyone, databaseUrl);
    const runningCpu = perUpdate(cpuBefore, cpuAfter, running.updates);
    console.info(
      `stopped: ${stopped.rate.toFixed(2)} updates/s (${stopped.updates}); running: ${running.rate.toFixed(2)} updates/s ` +
        `(${running.updates}), ${mails} mails. CPU ms per update (from /proc; running: the wait for the last mail included):`,
    );
    console.info(`  ${'process'.padEnd(14)} ${'stopped'.padStart(8)} ${'running'.padStart(8)} ${'mail'.padStart(8)}`);
    const names = [...new Set([...stoppedCpu.keys(), ...runningCpu.keys()])].sort();
    let total = { stopped: 0, running: 0 };
    for (const name of names) {
      const off = stoppedCpu.get(name) ?? 0;
      const on = runningCpu.get(name) ?? 0;
      total = { stopped: total.stopped + off, running: total.running + on };
      console.info(`  ${name.padEnd(14)} ${off.toFixed(2).padStart(8)} ${on.toFixed(2).padStart(8)} ${(on - off).toFixed(2).padStart(8)}`);
    }
    console.info(
      `  ${'total'.padEnd(14)} ${total.stopped.toFixed(2).padStart(8)} ${total.running.toFixed(2).padStart(8)} ${(total.running - total.stopped).toFixed(2).padStart(8)}`,
    );
    await sleep(IDLE_SECONDS * 1000);
    const idle = await readCpu(everyone, databaseUrl);
    const idleMs = (name: string): string => ((((idle.get(name) ?? 0) - (cpuAfter.get(name) ?? 0)) * 1000) / IDLE_SECONDS).toFixed(1);
    console.info(`idle: mailer ${idleMs('mailer')} CPU ms/s, its PostgreSQL backends ${idleMs('pg:mailer')} CPU ms/s`);
  } finally {
    await mailer.stop();
    await tracker.stop();
  }
  if (!profiled) return;
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
