import 'reflect-metadata';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, startNodeProcess } from '@tracker/testing';
import { quiet, ROOT, startMailBenchTracker, updateRound } from '../suites/mail-bench-tracker';
import { summarise } from './profile-summary';
import { startProfiled } from './profiled-process';

/**
 * `node dist/bench/src/profile/mail-profile.js [seconds] [cpu-only]`: the mail write-path
 * bench's distributed Tracker, its mailer process under `node --cpu-prof` while every bug
 * update mails the global watcher, then each process's CPU per update (from /proc: real CPU
 * time, which the profile's samples are not on a loaded machine) and the mailer's self time
 * by place and by function. The profile covers the mailer's whole life, start-up included.
 * `cpu-only`: the mailer runs without the profiler (its overhead out of the CPU figures).
 */
const IDLE_SECONDS = 5;

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 20);
  const profiled = process.argv[3] !== 'cpu-only';
  const profileDir = await mkdtemp(join(tmpdir(), 'tracker-mail-profile-'));
  const tracker = await startMailBenchTracker();
  const script = 'dist/apps/mailer/src/main.js';
  const mailer = profiled ? startProfiled(profileDir, tracker.env, script) : startNodeProcess('mailer', script, tracker.env, ROOT);
  let mails = 0;
  try {
    await mailer.waitFor(/answers on nats:/, 60_000);
    await quiet(tracker.smtp);
    const before = tracker.smtp.received.length;
    const processes = await trackerProcesses(tracker.env['TRACKER_NATS_SUBJECT_PREFIX'] ?? '');
    const cpuBefore = await cpuSeconds(processes);
    const { rate, updates } = await updateRound(tracker.base, tracker.bugs, seconds);
    await quiet(tracker.smtp);
    mails = tracker.smtp.received.length - before;
    const cpuAfter = await cpuSeconds(processes);
    console.info(
      `${rate.toFixed(2)} updates/s, ${updates} updates, ${mails} mails; CPU ms per update (from /proc, the quiet wait included):`,
    );
    for (const [name, after] of cpuAfter) {
      console.info(`  ${name.padEnd(10)} ${(((after - (cpuBefore.get(name) ?? 0)) * 1000) / updates).toFixed(1)}`);
    }
    await sleep(IDLE_SECONDS * 1000);
    const idle = await cpuSeconds(processes);
    console.info(
      `mailer idle: ${((((idle.get('mailer') ?? 0) - (cpuAfter.get('mailer') ?? 0)) * 1000) / IDLE_SECONDS).toFixed(1)} CPU ms/s`,
    );
  } finally {
    await mailer.stop();
    await tracker.stop();
  }
  if (!profiled) return;
  const [profile] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (!profile) throw new Error(`no profile written in ${profileDir}; output:\n${mailer.output().slice(-3000)}`);
  console.info(`profile: ${join(profileDir, profile)}\n\n${await summarise(join(profileDir, profile), 40)}`);
}

/** The processes of this Tracker (found by the NATS subject prefix in their environment), by the script they run. */
async function trackerProcesses(prefix: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    if (!environ.includes(`TRACKER_NATS_SUBJECT_PREFIX=${prefix}`)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const app = /dist\/apps\/([^/]+)\//.exec(cmdline)?.[1];
    if (app) found.set(app, Number(entry));
  }
  return found;
}

/** User and system CPU seconds of each process so far (/proc/<pid>/stat, 100 ticks a second). */
async function cpuSeconds(processes: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const seconds = new Map<string, number>();
  for (const [name, pid] of processes) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    seconds.set(name, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return seconds;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
