import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { SERVICE_NAMES } from '@tracker/contracts';
import { createTempDatabase, type NodeProcess, sleep, startNodeProcess, TEST_SERVER_URLS } from '@tracker/testing';
import { ADMIN } from './bugs-generator';
import { call, SECONDS } from './bugs-http';
import { type CountingSmtp, startCountingSmtp } from './mail-counting-smtp';

export const ROOT = resolve(__dirname, '../../../..');
/** bugs updated in parallel, one update in flight on each (one bug's stream takes one writer at a time) */
export const LANES = 8;
export const WATCHER = 'bench-watcher@example.com';

/** A distributed Tracker without its mailer (each service its own process, real NATS, PostgreSQL, Redis), its bugs made. */
export interface MailBenchTracker {
  readonly base: string;
  /** the environment the mailer process is started with */
  readonly env: Readonly<Record<string, string>>;
  readonly smtp: CountingSmtp;
  /** the database, for the profile's reading of its backends */
  readonly databaseUrl: string;
  /**
   * LANES new bugs, each with the global watcher on CC. Each round updates bugs of its own:
   * the bugs service reads a bug's whole stream per update, so a round on bugs that earlier
   * rounds updated is slower (~7% a 6 s round), which made every running round, always after
   * a stopped one, pay for its predecessor (docs/benchmarks.md, 2026-11-28).
   */
  freshBugs(): Promise<readonly number[]>;
  stop(): Promise<void>;
}

/**
 * The set-up of the mail write-path bench and of the mailer's profile: every service but the
 * mailer started, a loopback SMTP server, a global watcher who is on every bug's CC, so each
 * update is one mail once a mailer runs.
 */
export async function startMailBenchTracker(): Promise<MailBenchTracker> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-mail-'));
  const database = await createTempDatabase('bench_mail');
  const smtp = await startCountingSmtp();
  const queueName = `tracker-mail-bench-${randomUUID().slice(0, 8)}`;
  const env = {
    TRACKER_DATABASE_URL: database.url,
    TRACKER_DATABASE_POOL_SIZE: '4',
    TRACKER_DATA_DIR: dataDir,
    TRACKER_NATS_URL: TEST_SERVER_URLS.nats,
    TRACKER_NATS_SUBJECT_PREFIX: `bench-${randomUUID().slice(0, 8)}.`,
    TRACKER_REDIS_URL: TEST_SERVER_URLS.redis,
    TRACKER_MAIL_QUEUE_NAME: queueName,
    TRACKER_MAIL_GLOBAL_WATCHERS: WATCHER,
    SMTP_URL: smtp.url,
    TRACKER_LOG_LEVEL: 'log',
    TRACKER_ADMIN_LOGIN: ADMIN.login,
    TRACKER_ADMIN_PASSWORD: ADMIN.password,
    TRACKER_ADMIN_API_KEY: ADMIN.apiKey,
    // the mailer's niceness (its default, 10, unless the run sets another to compare)
    ...(process.env['TRACKER_MAILER_NICE'] ? { TRACKER_MAILER_NICE: process.env['TRACKER_MAILER_NICE'] } : {}),
  };
  const processes: NodeProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((p) => p.stop()));
    await smtp.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    const cleanup = new Queue(queueName, { connection: { url: TEST_SERVER_URLS.redis } });
    await cleanup.obliterate({ force: true });
    await cleanup.close();
  };
  try {
    for (const service of SERVICE_NAMES.filter((name) => name !== 'mailer')) {
      processes.push(startNodeProcess(service, `dist/apps/${service}/src/main.js`, env, ROOT));
    }
    const gateway = startNodeProcess('gateway', 'dist/apps/gateway/src/main.js', { ...env, PORT: '0', TRACKER_HOST: '127.0.0.1' }, ROOT);
    processes.push(gateway);
    const [, port] = await gateway.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/, 60_000);
    const base = `http://127.0.0.1:${port}/rest`;
    await waitForInstalled(base);
    await call(base, 'POST', '/user', { email: WATCHER, full_name: 'Bench Watcher', password: 'Bench-Watcher-2026!' }, 201);
    const freshBugs = (): Promise<number[]> => Promise.all(Array.from({ length: LANES }, () => createBug(base)));
    // the first bugs wait for the bugs service to answer (and warm the path up); the rounds make their own
    await freshBugs();
    return { base, env, smtp, databaseUrl: database.url, freshBugs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Until the SMTP server has had no new mail for 2 s: the mailer has caught up (it polls every 250 ms). */
export async function quiet(smtp: CountingSmtp): Promise<void> {
  let seen = -1;
  while (smtp.accepted() !== seen) {
    seen = smtp.accepted();
    await sleep(2000);
  }
}

/** Updates for BENCH_SECONDS (or `seconds`), one in flight per bug: the rate, and how many were made. */
export async function updateRound(base: string, bugs: readonly number[], seconds = SECONDS): Promise<{ rate: number; updates: number }> {
  const started = process.hrtime.bigint();
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    bugs.map(async (bug) => {
      while (Date.now() < deadline) {
        await call(base, 'PUT', `/bug/${bug}`, { whiteboard: `update ${randomUUID()}` });
        done += 1;
      }
    }),
  );
  return { rate: done / (Number(process.hrtime.bigint() - started) / 1e9), updates: done };
}

/** Retried while the bugs service is still starting (503: nothing answers yet), for up to a minute. */
async function createBug(base: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await createBugOnce(base);
    } catch (error) {
      if (!String(error).includes(': 503 ') || Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

async function createBugOnce(base: string): Promise<number> {
  const body = {
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary: 'Mail bench bug',
    description: 'Comment 0.',
    cc: [WATCHER],
  };
  return (await call(base, 'POST', '/bug', body)).json<{ id: number }>().id;
}

/** Until the catalog has installed its defaults (in the background after start). */
async function waitForInstalled(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${base}/product?names=TestProduct&include_fields=name`).catch(() => undefined);
    const body = response?.status === 200 ? ((await response.json()) as { products: unknown[] }) : undefined;
    if (body?.products.length === 1) return;
    if (Date.now() > deadline) throw new Error('the catalog did not install its defaults');
    await new Promise((r) => setTimeout(r, 200));
  }
}
