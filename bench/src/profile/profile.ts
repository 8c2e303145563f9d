import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';
import { createTempDatabase } from '@tracker/testing';
import { ADMIN, generateBugs, PRODUCTS } from '../suites/bugs-generator';
import { call } from '../suites/bugs-http';
import { summarise } from './profile-summary';
import { startProfiled } from './profiled-process';

const run = promisify(execFile);
const CREATE = { product: 'Bench1', component: 'Main', version: '1.0', summary: 'Profiled', description: 'Created under the profiler.' };

/** The load of each workload: autocannon arguments after the URL's base. */
const WORKLOADS: Readonly<Record<string, (base: string) => string[]>> = {
  search: (base) => ['-c', '32', `${base}/bug?product=Bench1&status=IN_PROGRESS&include_fields=id,summary,status&limit=50`],
  'search-full': (base) => ['-c', '32', `${base}/bug?product=Bench1&status=IN_PROGRESS&limit=50`],
  get: (base) => ['-c', '32', `${base}/bug/1000100`],
  create: (base) => ['-c', '1', '-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(CREATE), `${base}/bug`],
};

/**
 * `BENCH_GENERATED_BUGS=2000 node dist/bench/src/profile/profile.js search [seconds]`: the
 * standalone process on a real PostgreSQL under `node --cpu-prof`, loaded by autocannon
 * with one workload (search, search-full, get: 32 connections with the administrator's API
 * key; create: one at a time), then the profile's self time by place and by function. The
 * profile covers the whole process: keep the set-up small and the load long.
 */
async function main(): Promise<void> {
  const [workload = 'search', seconds = '10'] = process.argv.slice(2);
  const load = WORKLOADS[workload];
  if (!load) throw new Error(`unknown workload ${workload} (known: ${Object.keys(WORKLOADS).join(', ')})`);
  const profileDir = await mkdtemp(join(tmpdir(), 'tracker-profile-'));
  const database = await createTempDatabase('profile');
  const tracker = startProfiled(profileDir, {
    PORT: '0',
    TRACKER_HOST: '127.0.0.1',
    TRACKER_DATA_DIR: profileDir,
    TRACKER_LOG_LEVEL: 'log',
    TRACKER_DATABASE_URL: database.url,
    TRACKER_ADMIN_LOGIN: ADMIN.login,
    TRACKER_ADMIN_PASSWORD: ADMIN.password,
    TRACKER_ADMIN_API_KEY: ADMIN.apiKey,
  });
  const pool = new Pool({ ...database.connection.poolConfig, max: 8 });
  try {
    const [, port] = await tracker.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
    const base = `http://127.0.0.1:${port}/rest`;
    for (let p = 0; p < PRODUCTS; p++) {
      await call(base, 'POST', '/product', { name: `Bench${p}`, description: 'Bench product', version: '1.0' }, 201);
      await call(
        base,
        'POST',
        '/component',
        { product: `Bench${p}`, name: 'Main', description: 'Main', default_assignee: ADMIN.login },
        201,
      );
    }
    await generateBugs(database, pool, 8);
    const autocannon = require.resolve('autocannon/autocannon.js');
    const args = [autocannon, '-d', seconds, '-H', `x-bugzilla-api-key=${ADMIN.apiKey}`, ...load(base)];
    const { stdout, stderr } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    console.info(stdout, stderr);
  } finally {
    await pool.end();
    await tracker.stop();
    await database.drop();
  }
  const [profile] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (!profile) console.error(tracker.output().slice(-3000));
  if (!profile) throw new Error(`no profile written in ${profileDir}`);
  console.info(`profile: ${join(profileDir, profile)}\n\n${await summarise(join(profileDir, profile))}`);
  await rm(join(profileDir, 'blobs'), { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
