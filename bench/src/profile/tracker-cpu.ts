import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { Client } from 'pg';

/**
 * Where a bench Tracker's CPU goes, by process, from /proc (real CPU time: a profiler's samples
 * are not, on a loaded machine): each service; the PostgreSQL backends of its database, by the
 * service whose connection they serve (a backend is a process of its own, so the mailer's SQL
 * costs CPU there too); the Redis server (shared by everyone on the machine: quiet runs only);
 * and this process (the load's HTTP client and the loopback SMTP server that parses each mail).
 */
export type CpuReading = Map<string, number>;

/** The processes of this Tracker (found by the NATS subject prefix in their environment), by the app they run. */
export async function trackerProcesses(prefix: string): Promise<Map<string, number>> {
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

/**
 * User and system CPU seconds so far: each named process, `pg:<app>` the backends serving
 * that app's connections to `databaseUrl` (backends that ended are lost: the pools keep theirs
 * open), `redis`, and `bench` (this process).
 */
export async function readCpu(apps: ReadonlyMap<string, number>, databaseUrl: string): Promise<CpuReading> {
  const reading: CpuReading = new Map();
  const add = (name: string, seconds: number): void => void reading.set(name, (reading.get(name) ?? 0) + seconds);
  for (const [name, pid] of apps) add(name, await processCpu(pid));
  const owners = new Map([...apps].map(([name, pid]) => [pid, name]));
  const clientPids = await postgresClientPids();
  for (const backend of await backends(databaseUrl)) {
    const owner = owners.get(clientPids.get(backend.clientPort) ?? -1) ?? (clientPids.has(backend.clientPort) ? 'other' : 'bench');
    add(`pg:${owner}`, await processCpu(backend.pid));
  }
  const redis = await redisPid();
  if (redis !== undefined) add('redis', await processCpu(redis));
  const own = process.cpuUsage();
  add('bench', (own.user + own.system) / 1e6);
  return reading;
}

/** CPU ms per update between two readings, by name (a name new in `after` counts from 0). */
export function perUpdate(before: CpuReading, after: CpuReading, updates: number): Map<string, number> {
  return new Map([...after].map(([name, seconds]) => [name, ((seconds - (before.get(name) ?? 0)) * 1000) / updates]));
}

async function processCpu(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (stat === '') return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** This database's backends and the client port each serves. */
async function backends(databaseUrl: string): Promise<Array<{ pid: number; clientPort: number }>> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'bench-cpu-reader' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; client_port: number }>(
      `SELECT pid, client_port FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND client_port IS NOT NULL`,
    );
    return rows.map((row) => ({ pid: row.pid, clientPort: row.client_port }));
  } finally {
    await client.end();
  }
}

/** Local port of each TCP connection to PostgreSQL's 5432 -> the pid of the process holding it (`ss -p` sees our own). */
async function postgresClientPids(): Promise<Map<number, number>> {
  const { stdout } = await promisify(execFile)('ss', ['-tnpH', 'dport = :5432']);
  const pids = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const local = /\s\S+:(\d+)\s+\S+:5432\s/.exec(line)?.[1];
    const pid = /pid=(\d+)/.exec(line)?.[1];
    if (local && pid) pids.set(Number(local), Number(pid));
  }
  return pids;
}

async function redisPid(): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'redis-server') return Number(entry);
  }
  return undefined;
}
