import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startS3TestServer } from '@tracker/platform/blob-store/testing';
import { createTempDatabase, type NodeProcess, startNodeProcess } from '@tracker/testing';
import { call, createBug, rawStore, standaloneEnv } from '../suites/attachments.bench';
import { restBaseOf } from '../suites/bench-standalone';

const BYTES = 5_000_000;
const ROOT = resolve(__dirname, '../../../..');

/**
 * `node dist/bench/src/profile/compare-attachments.js <other checkout> [rounds] [all|upload|download]`:
 * two standalone processes side by side on one s3rver, this checkout's and another built one's
 * (`node tools/build.mjs` there first), each on its own temp database and bucket; per round the
 * raw adapter's putStream/getStream of 5 MB from here, then an accepted upload and a download
 * on each process, in alternating order, so that the machine's load hits both alike. Prints
 * the median and minimum wall time and each process's CPU per call (from /proc, 10 ms ticks):
 * on a loaded machine the ratios of one bench run move with the load, the pairs far less.
 */
async function main(): Promise<void> {
  const [other, roundsText = '15', only = 'all'] = process.argv.slice(2);
  if (!other) throw new Error('usage: compare-attachments.js <other checkout> [rounds] [all|upload|download]');
  const rounds = Number(roundsText);
  const s3 = await startS3TestServer();
  const raw = await rawStore(s3, await mkdtemp(join(tmpdir(), 'tracker-compare-raw-')));
  const sides: Side[] = [];
  try {
    for (const [name, root] of [
      ['other', resolve(other)],
      ['this', ROOT],
    ] as const) {
      const database = await createTempDatabase(`compare_${name}`);
      const env = {
        ...standaloneEnv(await mkdtemp(join(tmpdir(), `tracker-compare-${name}-`)), s3, database.url),
        TRACKER_S3_BUCKET: `compare-${name}`,
      };
      const tracker = startNodeProcess(name, 'dist/apps/standalone/src/main.js', env, root);
      sides.push({ name, tracker, drop: () => database.drop(), base: '', bug: 0, attachment: 0 });
    }
    const pids = (await readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')).trim().split(/\s+/);
    for (const [index, side] of sides.entries()) {
      side.base = await restBaseOf(side.tracker);
      side.bug = await createBug(side.base);
      side.pid = pids[index];
    }
    const timings = new Timings();
    for (let round = 0; round <= rounds; round += 1) {
      const bytes = randomBytes(BYTES);
      const body = JSON.stringify({
        summary: `compare ${round}`,
        file_name: 'c.bin',
        content_type: 'application/octet-stream',
        data: bytes.toString('base64'),
      });
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      if (only !== 'download' || round === 0) {
        await timings.time('raw putStream', undefined, () =>
          raw.putStream(`compare/${round}`, chunksOf(bytes), 'application/octet-stream'),
        );
        for (const side of order) {
          const created = await timings.time(`upload ${side.name}`, side.pid, () =>
            call<{ ids: number[] }>(side.base, 'POST', `/bug/${side.bug}/attachment`, body, 201),
          );
          side.attachment = created.ids[0] ?? 0;
        }
      }
      if (only !== 'upload') {
        await timings.time('raw getStream', undefined, async () => {
          const read = await raw.getStream('compare/0');
          for await (const chunk of read?.stream ?? []) void chunk;
        });
        for (const side of order)
          await timings.time(`download ${side.name}`, side.pid, () =>
            call(side.base, 'GET', `/bug/attachment/${side.attachment}`, undefined, 200, false),
          );
      }
      // the first round warms both processes up
      if (round === 0) timings.clear();
    }
    console.info(timings.report());
  } finally {
    for (const side of sides) {
      await side.tracker.stop();
      await side.drop();
    }
    await raw.close();
    await s3.stop();
  }
}

interface Side {
  readonly name: string;
  readonly tracker: NodeProcess;
  readonly drop: () => Promise<void>;
  pid?: string;
  base: string;
  bug: number;
  attachment: number;
}

/** wall time and CPU (of a process, or of this one when no pid is given) per named call */
class Timings {
  private readonly calls = new Map<string, { ms: number[]; cpuMs: number }>();

  async time<T>(name: string, pid: string | undefined, work: () => Promise<T>): Promise<T> {
    const cpuBefore = await cpuMsOf(pid);
    const started = process.hrtime.bigint();
    const result = await work();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const spent = this.calls.get(name) ?? { ms: [], cpuMs: 0 };
    spent.ms.push(ms);
    spent.cpuMs += (await cpuMsOf(pid)) - cpuBefore;
    this.calls.set(name, spent);
    return result;
  }

  clear(): void {
    this.calls.clear();
  }

  report(): string {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { ms, cpuMs }]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
        return `${name.padEnd(20)} median ${median.toFixed(1)} ms  min ${(sorted[0] ?? Number.NaN).toFixed(1)} ms  CPU per call ${(cpuMs / ms.length).toFixed(1)} ms`;
      })
      .join('\n');
  }
}

/** user + system CPU of a child process from /proc (10 ms ticks), or of this process */
async function cpuMsOf(pid: string | undefined): Promise<number> {
  if (pid === undefined) {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function* chunksOf(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let from = 0; from < bytes.length; from += 64 * 1024) yield bytes.subarray(from, from + 64 * 1024);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
