import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3TestServer } from '@tracker/platform/blob-store/testing';
import { createTempDatabase, startNodeProcess } from '@tracker/testing';
import { ATTACHMENTS_BENCH_ADMIN as ADMIN, call, createBug, rawStore, standaloneEnv } from '../suites/attachments.bench';
import { BLOB_BENCH_BYTES } from '../suites/blob-store.bench';
import { summarise } from './profile-summary';
import { startProfiled } from './profiled-process';

/** the bench's size (5,000,000 bytes): one S3 part, sent as one PUT; 5 MiB would be a multipart upload of one part */
const BYTES = BLOB_BENCH_BYTES;

/**
 * `[PROFILE=0] node dist/bench/src/profile/profile-attachments.js [minio|directory] [rounds] [all|upload|download]`:
 * the standalone process on real PostgreSQL (under `node --cpu-prof` unless PROFILE=0),
 * s3rver (MinIO mode) in this process, and per round, one after the other so that load hits
 * each alike: the raw adapter's putStream and getStream of 5 MB from here, an accepted
 * upload, an upload refused after staging (empty summary: reading, decoding, hashing and the
 * staging write without promotion or append), a download read as text and as bytes, and a
 * read without data (no blob touched); `upload` or `download` repeats only that one. Prints
 * the median milliseconds of each and the CPU each cost the standalone process and this one
 * (client and s3rver): CPU time moves far less with the machine's load than wall time.
 * Then the profile's self time by place and by function.
 */
async function main(): Promise<void> {
  const [adapter = 'minio', roundsText = '10', only = 'all'] = process.argv.slice(2);
  const rounds = Number(roundsText);
  const profileDir = await mkdtemp(join(tmpdir(), 'tracker-profile-attachments-'));
  const database = await createTempDatabase('profile_attachments');
  const s3 = adapter === 'minio' ? await startS3TestServer() : undefined;
  const raw = await rawStore(s3, profileDir);
  const env = standaloneEnv(profileDir, s3, database.url);
  const profiled = process.env['PROFILE'] !== '0';
  const root = join(__dirname, '../../../..');
  const tracker = profiled ? startProfiled(profileDir, env) : startNodeProcess('standalone', 'dist/apps/standalone/src/main.js', env, root);
  const times: Record<string, number[]> = {};
  const cpu: Record<string, { tracker: number; here: number }> = {};
  const time = async (name: string, work: () => Promise<unknown>): Promise<void> => {
    const trackerBefore = await trackerCpuMs();
    const hereBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    await work();
    (times[name] ??= []).push(Number(process.hrtime.bigint() - started) / 1e6);
    const here = process.cpuUsage(hereBefore);
    const spent = (cpu[name] ??= { tracker: 0, here: 0 });
    spent.tracker += (await trackerCpuMs()) - trackerBefore;
    spent.here += (here.user + here.system) / 1000;
  };
  try {
    const [, port] = await tracker.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
    const base = `http://127.0.0.1:${port}/rest`;
    const bug = { id: await createBug(base) };
    let id = 0;
    for (let round = 0; round <= rounds; round += 1) {
      const bytes = randomBytes(BYTES);
      const data = bytes.toString('base64');
      const body = (summary: string): string =>
        JSON.stringify({ summary, file_name: 'p.bin', content_type: 'application/octet-stream', data });
      const accepted = body(`p ${round}`);
      const refused = body('');
      if (only === 'download' && round > 0) {
        await time('download', () => call(base, 'GET', `/bug/attachment/${id}`, undefined, 200, false));
        continue;
      }
      if (only === 'upload' && round > 0) {
        await time('upload accepted', () => call(base, 'POST', `/bug/${bug.id}/attachment`, accepted, 201));
        continue;
      }
      await time('raw putStream', () => raw.putStream(`raw/${round}`, chunksOf(bytes), 'application/octet-stream'));
      await time('raw getStream', async () => {
        const read = await raw.getStream(`raw/${round}`);
        for await (const chunk of read?.stream ?? []) void chunk;
      });
      await time('upload accepted', async () => {
        id = (await call<{ ids: number[] }>(base, 'POST', `/bug/${bug.id}/attachment`, accepted, 201)).ids[0] ?? 0;
      });
      await time('upload refused after staging (604)', () => call(base, 'POST', `/bug/${bug.id}/attachment`, refused, 400));
      await time('download', () => call(base, 'GET', `/bug/attachment/${id}`, undefined, 200, false));
      await time('download read as bytes', async () => {
        const response = await fetch(`${base}/bug/attachment/${id}`, { headers: { 'x-bugzilla-api-key': ADMIN.apiKey } });
        await response.arrayBuffer();
      });
      await time('read without data', () => call(base, 'GET', `/bug/attachment/${id}?exclude_fields=data`, undefined, 200, false));
      if (round === 0) for (const name of Object.keys(times)) [times[name], cpu[name]] = [[], { tracker: 0, here: 0 }];
    }
  } finally {
    await tracker.stop();
    await raw.close();
    await database.drop();
    await s3?.stop();
  }
  for (const [name, values] of Object.entries(times)) {
    const spent = cpu[name] ?? { tracker: 0, here: 0 };
    const per = (ms: number): string => (ms / Math.max(1, values.length)).toFixed(1);
    console.info(
      `${name.padEnd(40)} median ${median(values).toFixed(1)} ms  CPU per call: Tracker ${per(spent.tracker)} ms, this process ${per(spent.here)} ms  (${values.map((v) => v.toFixed(0)).join(' ')})`,
    );
  }
  const [profile] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (profile) console.info(`\nprofile: ${join(profileDir, profile)}\n\n${await summarise(join(profileDir, profile), 40)}`);
  await rm(join(profileDir, 'blobs'), { recursive: true, force: true });
}

/** user + system CPU of this process's child (the standalone process), from /proc (10 ms ticks) */
async function trackerCpuMs(): Promise<number> {
  const children = (await readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')).trim().split(/\s+/);
  let ms = 0;
  for (const pid of children.filter(Boolean)) {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
    ms += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return ms;
}

async function* chunksOf(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let from = 0; from < bytes.length; from += 64 * 1024) yield bytes.subarray(from, from + 64 * 1024);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
