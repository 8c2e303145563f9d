import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SqlConnection } from './sql-connection';

/**
 * PGlite (PostgreSQL compiled to WASM) served over the PostgreSQL wire protocol on a
 * private unix socket, so that `pg`, TypeORM and the event store use it exactly as they
 * use a real server. It runs in a worker thread: its WASM engine then never blocks the
 * main event loop, and it loads the same way under Jest as under plain node.
 *
 * PGlite has a single session: the worker's server runs each client's requests whole and
 * keeps an open transaction's requests together (see embedded-postgres.worker.js), so
 * transactions stay isolated; but code must never wait on a second connection while it
 * holds a transaction open, or it waits forever.
 *
 * If the worker dies, a new one is started on the same data directory and socket: the
 * pools' next connections reach it, and whatever was committed is there (PostgreSQL
 * recovers from its write-ahead log). Connections open at that moment fail, and their
 * callers get the error; nothing that was acknowledged is lost.
 */
export interface EmbeddedPostgresEvents {
  /** the worker died; a new one is being started after `delayMs` */
  readonly onWorkerDied?: (reason: string, delayMs: number) => void;
  readonly onWorkerRestarted?: (restarts: number) => void;
}

export interface WorkerMemory {
  readonly heapUsedBytes: number;
  readonly externalBytes: number;
  /** PGlite's WebAssembly memory (part of externalBytes): PostgreSQL's buffer pool, caches and work memory */
  readonly wasmBytes: number;
}

type WorkerMessage = { ready: true } | { error: string } | { fatal: string } | { memory: WorkerMemory };

/** Restart delays after successive deaths; a worker that stayed up a minute resets the count. */
const RESTART_DELAYS_MS = [200, 1000, 2000, 5000, 10_000, 30_000];
const STABLE_AFTER_MS = 60_000;
const MEMORY_ANSWER_MS = 1000;
/**
 * The worker's young generation (V8 gives each thread ~48 MB by default). Its objects live
 * for one request (the bytes of a query and of its answer, copied in and out of PGlite), so
 * a small nursery holds them; a full one stays resident once grown (docs/benchmarks.md,
 * "Embedded memory, second round").
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export class EmbeddedPostgres {
  private worker: Worker;
  private workerExited: Promise<void> = Promise.resolve();
  private stopping = false;
  private deathsInARow = 0;
  private startedAt = Date.now();
  private restartCount = 0;
  private restartTimer: NodeJS.Timeout | undefined;

  private constructor(
    worker: Worker,
    private readonly dataDir: string | undefined,
    private readonly socketDir: string,
    private readonly events: EmbeddedPostgresEvents,
  ) {
    this.worker = worker;
    this.supervise(worker);
  }

  /** @param dataDir directory to keep the database in; undefined keeps it in memory (tests: a restarted worker starts empty) */
  static async start(dataDir: string | undefined, events: EmbeddedPostgresEvents = {}): Promise<EmbeddedPostgres> {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    // a short private path: unix socket paths are limited to about 100 bytes
    const socketDir = await mkdtemp(join(tmpdir(), 'tracker-pg-'));
    const worker = await startWorker(dataDir, socketDir);
    return new EmbeddedPostgres(worker, dataDir, socketDir, events);
  }

  connection(): SqlConnection {
    return {
      kind: 'pglite',
      poolConfig: { host: this.socketDir, port: 5432, user: 'postgres', database: 'postgres' },
      supportsNotifications: false,
      maxPoolSize: 10,
    };
  }

  /** How many times the worker was started again after dying. */
  get restarts(): number {
    return this.restartCount;
  }

  /** The worker thread's own memory (its V8 heap and buffers outside it); refused if it does not answer within a second (dead, restarting, busy). */
  memory(): Promise<WorkerMemory> {
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.off('message', listener);
        reject(new Error('the embedded PostgreSQL worker did not report its memory within a second'));
      }, MEMORY_ANSWER_MS);
      const listener = (message: WorkerMessage): void => {
        if (!('memory' in message)) return;
        clearTimeout(timer);
        worker.off('message', listener);
        resolve(message.memory);
      };
      worker.on('message', listener);
      worker.postMessage('memory');
    });
  }

  /** Ends the worker abruptly, as a crash would; it is then restarted like after any death. */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.worker.postMessage('stop');
    await this.workerExited;
    await rm(this.socketDir, { recursive: true, force: true });
  }

  private supervise(worker: Worker): void {
    this.workerExited = new Promise((resolve) => worker.once('exit', () => resolve()));
    let reason = 'it exited';
    worker.on('message', (message: WorkerMessage) => {
      if ('fatal' in message) reason = message.fatal;
    });
    worker.on('error', (error) => {
      reason = error.stack ?? error.message;
    });
    worker.once('exit', (code) => {
      if (this.stopping || worker !== this.worker) return;
      this.deathsInARow = Date.now() - this.startedAt > STABLE_AFTER_MS ? 1 : this.deathsInARow + 1;
      const delayMs = RESTART_DELAYS_MS[Math.min(this.deathsInARow, RESTART_DELAYS_MS.length) - 1] ?? 30_000;
      this.events.onWorkerDied?.(`${reason} (exit code ${code})`, delayMs);
      this.restartTimer = setTimeout(() => void this.restart(), delayMs);
    });
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    try {
      const worker = await startWorker(this.dataDir, this.socketDir);
      if (this.stopping) {
        await worker.terminate();
        return;
      }
      this.worker = worker;
      this.startedAt = Date.now();
      this.restartCount += 1;
      this.supervise(worker);
      this.events.onWorkerRestarted?.(this.restartCount);
    } catch (error) {
      this.deathsInARow += 1;
      const delayMs = RESTART_DELAYS_MS[Math.min(this.deathsInARow, RESTART_DELAYS_MS.length) - 1] ?? 30_000;
      this.events.onWorkerDied?.(`it could not start again: ${error instanceof Error ? error.message : String(error)}`, delayMs);
      this.restartTimer = setTimeout(() => void this.restart(), delayMs);
    }
  }
}

async function startWorker(dataDir: string | undefined, socketDir: string): Promise<Worker> {
  const worker = new Worker(join(__dirname, 'embedded-postgres.worker.js'), {
    workerData: { dataDir, socketPath: join(socketDir, '.s.PGSQL.5432') },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number): void => reject(new Error(`embedded PostgreSQL exited while starting (code ${code})`));
      worker.once('message', (message: WorkerMessage) => {
        worker.off('exit', onExit);
        if ('ready' in message) resolve();
        else reject(new Error(`embedded PostgreSQL failed to start: ${'error' in message ? message.error : JSON.stringify(message)}`));
      });
      worker.once('error', reject);
      worker.once('exit', onExit);
    });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return worker;
}
