import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ClientProxy } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANONYMOUS, type AuthContext, SERVICE_NAMES, type ServiceName } from '@tracker/contracts';
import { EVENT_STORE, type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import { ClientProxyMessageBus, MESSAGE_BUS, type MessageBus, PrefixedNatsClient } from '@tracker/platform/messaging';
import { EMBEDDED_POSTGRES, type EmbeddedPostgres, type SqlConnection, postgresConnection } from '@tracker/platform/sql';
import { TEST_SERVER_URLS, type NodeProcess, createTempDatabase, http, startNodeProcess } from '@tracker/testing';
import { loadStandaloneConfig } from '../../apps/standalone/src/config';
import { startStandalone } from '../../apps/standalone/src/start-standalone';
import { BLOB_STORE, type BlobStore, MinioBlobStore } from '@tracker/platform/blob-store';
import { startS3TestServer } from '@tracker/platform/blob-store/testing';
import { TEST_ADMIN, TEST_ADMIN_ENV } from './admin';
import { runMailQueue } from './mail-queue';

/**
 * A whole Tracker for end-to-end tests, in either run mode:
 * - embedded: every service and the gateway in this process, on PGlite (what `npm start` runs);
 * - distributed: each service and the gateway as its own node process, over the real NATS
 *   server and a fresh database on the real PostgreSQL server (what runs on Kubernetes).
 * Tests talk to it through `baseUrl`, over HTTP; a few reach its event store (to put in
 * the log what no request could) or restart it on the same data.
 */
export type RunMode = 'embedded' | 'distributed';

export interface RunningTracker {
  readonly mode: RunMode;
  /** e.g. http://127.0.0.1:41234 (paths start with /rest); it changes with a restart */
  readonly baseUrl: string;
  /** processes of distributed mode, by name (services and `gateway`) */
  readonly processes: ReadonlyMap<string, NodeProcess>;
  /**
   * Sends an internal message straight to a service over the run's own transport, as an
   * operator tool would (e.g. `<service>.admin.rebuild`); by default as the administrator.
   */
  request<Result>(subject: string, params: unknown, auth?: AuthContext): Promise<Result>;
  /** The event store the tracker writes to, as an operator's tool would open it. */
  eventStore(): Promise<EventStore>;
  /** The PostgreSQL its log and read models are in (embedded: its PGlite), for test data written in bulk. */
  databaseConnection(): SqlConnection;
  /** Stops every process and starts them again on the same data; resolves once every service answers (ready or not). */
  restart(): Promise<void>;
  /**
   * Starts one more gateway process on the same NATS (distributed mode only): a second
   * replica, for what must hold across gateways. Stopped with the tracker.
   */
  extraGateway(): Promise<string>;
  /**
   * Starts one more process of `service` on the same NATS and database (distributed mode
   * only): a second replica in the service's queue group; resolves once it answers on
   * NATS. Listed in `processes` as `<service>-<n>`; stopped with the tracker.
   */
  extraService(service: ServiceName): Promise<NodeProcess>;
  /** The blob store attachments' bytes are in, as an operator's tool would open it. */
  blobStore(): Promise<BlobStore>;
  /** The embedded PostgreSQL (embedded mode only). */
  embeddedPostgres(): EmbeddedPostgres;
  stop(): Promise<void>;
}

/** The administrator as internal messages carry it (user 1 is the bootstrapped administrator). */
export const TEST_ADMIN_AUTH: AuthContext = {
  ...ANONYMOUS,
  userId: 1,
  login: TEST_ADMIN.login,
  permissions: [
    'admin',
    'editusers',
    'creategroups',
    'editcomponents',
    'editkeywords',
    'editbugs',
    'canconfirm',
    'tweakparams',
    'editclassifications',
    'insider',
    'timetracker',
    'commenttagger',
  ],
  ip: '127.0.0.1',
};

function requester(bus: () => MessageBus): RunningTracker['request'] {
  return <Result>(subject: string, params: unknown, auth: AuthContext = TEST_ADMIN_AUTH) =>
    bus().request<Result>(subject, { auth, correlationId: `e2e-${randomUUID()}`, params });
}

const ROOT = resolve(__dirname, '../..');

/** How distributed mode starts its processes (embedded mode has one). */
export interface StartOptions {
  /**
   * One by one in this order (`gateway` and every service name), `startDelayMs` apart,
   * instead of all at once: any order must work (docs/operations-guide.md, "Lifecycle").
   */
  readonly startOrder?: readonly ('gateway' | ServiceName)[];
  readonly startDelayMs?: number;
}

export async function startTracker(
  mode: RunMode,
  env: Readonly<Record<string, string>> = {},
  options: StartOptions = {},
): Promise<RunningTracker> {
  return mode === 'embedded' ? startEmbedded(env) : startDistributed(env, options);
}

async function startEmbedded(env: Readonly<Record<string, string>>): Promise<RunningTracker> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-e2e-'));
  const config = loadStandaloneConfig({
    PORT: '0',
    TRACKER_HOST: '127.0.0.1',
    TRACKER_DATA_DIR: dataDir,
    TRACKER_LOG_LEVEL: 'warn',
    ...TEST_ADMIN_ENV,
    ...env,
  });
  let running: { app: NestFastifyApplication; baseUrl: string } | undefined;
  const start = async (): Promise<{ app: NestFastifyApplication; baseUrl: string }> => {
    const { app, url } = await startStandalone(config);
    return { app, baseUrl: url.replace(/\/rest$/, '').replace('localhost', '127.0.0.1') };
  };
  const current = (): { app: NestFastifyApplication; baseUrl: string } => {
    if (!running) throw new Error('Tracker is not running');
    return running;
  };
  const embeddedPostgres = (): EmbeddedPostgres => {
    const embedded = current().app.get<EmbeddedPostgres | null>(EMBEDDED_POSTGRES, { strict: false });
    if (!embedded) throw new Error('no embedded PostgreSQL');
    return embedded;
  };
  running = await start();
  await waitForInstalled(running.baseUrl);
  return {
    mode: 'embedded',
    get baseUrl() {
      return current().baseUrl;
    },
    processes: new Map(),
    extraGateway: () => Promise.reject(new Error('embedded mode has one gateway')),
    extraService: () => Promise.reject(new Error('embedded mode runs every service in its one process')),
    request: requester(() => current().app.get<MessageBus>(MESSAGE_BUS)),
    eventStore: () => Promise.resolve(current().app.get<EventStore>(EVENT_STORE)),
    blobStore: () => Promise.resolve(current().app.get<BlobStore>(BLOB_STORE)),
    embeddedPostgres,
    databaseConnection: () => embeddedPostgres().connection(),
    restart: async () => {
      await current().app.close();
      running = undefined;
      running = await start();
    },
    stop: async () => {
      await running?.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startDistributed(env: Readonly<Record<string, string>>, options: StartOptions): Promise<RunningTracker> {
  const database = await createTempDatabase('e2e');
  // attachments' bytes: the MinIO adapter on an S3-protocol server of this process (docs/attachments.md §10)
  const s3 = await startS3TestServer();
  const mailQueue = runMailQueue();
  const common = {
    TRACKER_BLOB_STORE: 'minio',
    TRACKER_S3_ENDPOINT: s3.host,
    TRACKER_S3_PORT: String(s3.port),
    TRACKER_S3_ACCESS_KEY: s3.accessKey,
    TRACKER_S3_SECRET_KEY: s3.secretKey,
    TRACKER_S3_BUCKET: 'tracker-e2e',
    TRACKER_DATABASE_URL: database.url,
    TRACKER_NATS_URL: TEST_SERVER_URLS.nats,
    TRACKER_NATS_SUBJECT_PREFIX: `e2e-${randomUUID().slice(0, 8)}.`,
    // seven processes, each with several pools, share the server's 100 connections with other suites
    TRACKER_DATABASE_POOL_SIZE: '3',
    TRACKER_LOG_LEVEL: 'log',
    ...mailQueue.env,
    ...TEST_ADMIN_ENV,
    ...env,
  };
  const processes = new Map<string, NodeProcess>();
  const client = new PrefixedNatsClient({ servers: common.TRACKER_NATS_URL }, common.TRACKER_NATS_SUBJECT_PREFIX);
  let baseUrl = '';
  let store: EventStore | undefined;
  let blobs: BlobStore | undefined;
  const stopProcesses = async (): Promise<void> => {
    await Promise.all([...processes.values()].map((p) => p.stop()));
    processes.clear();
  };
  const stopAll = async (): Promise<void> => {
    await client.close();
    await store?.close();
    await blobs?.close();
    await stopProcesses();
    await database.drop();
    await s3.stop();
    await mailQueue.remove();
  };
  const startService = (name: string, service: ServiceName): Promise<RegExpMatchArray> => {
    const started = startNodeProcess(name, `dist/apps/${service}/src/main.js`, common, ROOT);
    processes.set(name, started);
    return started.waitFor(/answers on nats:/);
  };
  const start = async (ready: 'healthy' | 'answering'): Promise<void> => {
    // by default the gateway starts alongside the services (any start order is fine); health tells when all are up
    const order = options.startOrder ?? ['gateway', ...SERVICE_NAMES];
    const up: Array<Promise<unknown>> = [];
    let gateway: Promise<string> | undefined;
    for (const [index, name] of order.entries()) {
      if (index > 0 && options.startDelayMs) await sleep(options.startDelayMs);
      const starting = name === 'gateway' ? (gateway = startGateway('gateway')) : startService(name, name);
      // awaited below, all together; a failure meanwhile must not count as unhandled
      starting.catch(() => undefined);
      up.push(starting);
    }
    if (!gateway) throw new Error('the start order names no gateway');
    await Promise.all(up);
    baseUrl = await gateway;
    await waitForHealth(baseUrl, ready);
  };
  const startGateway = async (name: string): Promise<string> => {
    const gateway = startNodeProcess(name, 'dist/apps/gateway/src/main.js', { ...common, PORT: '0', TRACKER_HOST: '127.0.0.1' }, ROOT);
    processes.set(name, gateway);
    const [, port] = await gateway.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
    return `http://127.0.0.1:${port}`;
  };
  try {
    await start('healthy');
    await waitForInstalled(baseUrl);
    const bus = new ClientProxyMessageBus(client as unknown as ClientProxy, 60_000);
    return {
      mode: 'distributed',
      get baseUrl() {
        return baseUrl;
      },
      processes,
      extraGateway: () => startGateway(`gateway-${processes.size}`),
      extraService: async (service) => {
        const name = `${service}-${processes.size}`;
        await startService(name, service);
        const started = processes.get(name);
        if (!started) throw new Error(`${name} is not running`);
        return started;
      },
      request: requester(() => bus),
      eventStore: async () => (store ??= await PostgresEventStore.create(postgresConnection(database.url, 2))),
      databaseConnection: () => postgresConnection(database.url, 2),
      blobStore: async () =>
        (blobs ??= await MinioBlobStore.create({
          endPoint: s3.host,
          port: s3.port,
          useSSL: false,
          accessKey: s3.accessKey,
          secretKey: s3.secretKey,
          bucket: common.TRACKER_S3_BUCKET,
        })),
      embeddedPostgres: () => {
        throw new Error('distributed mode has no embedded PostgreSQL');
      },
      restart: async () => {
        await stopProcesses();
        await start('answering');
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Until every service is up and ready (`healthy`), or at least up (`answering`: a service may be not ready). */
async function waitForHealth(baseUrl: string, ready: 'healthy' | 'answering'): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const health = await http(baseUrl, '/rest/health');
    const body = health.status === 200 ? health.json<{ status: string; services: Record<string, string> }>() : undefined;
    if (body?.status === 'ok') return;
    if (ready === 'answering' && body && Object.values(body.services).every((state) => state !== 'unavailable')) return;
    if (Date.now() > deadline) throw new Error(`Tracker did not become ${ready}: ${health.text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Until the catalog has installed its defaults (it does so in the background after start;
 * until then its requests wait up to 12 s, then answer 503), so that suites start on a
 * whole installation even on a busy machine.
 */
async function waitForInstalled(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const product = await http(baseUrl, '/rest/product?names=TestProduct&include_fields=name');
    if (product.status === 200 && product.json<{ products: unknown[] }>().products.length === 1) return;
    if (Date.now() > deadline) throw new Error(`the catalog did not install its defaults: ${product.status} ${product.text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
