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
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly worker: Worker,
    private readonly socketDir: string,
  ) {}

  /** @param dataDir directory to keep the database in; undefined keeps it in memory */
  static async start(dataDir: string | undefined): Promise<EmbeddedPostgres> {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    // a short private path: unix socket paths are limited to about 100 bytes
    const socketDir = await mkdtemp(join(tmpdir(), 'tracker-pg-'));
    const worker = new Worker(join(__dirname, 'embedded-postgres.worker.js'), {
      workerData: { dataDir, socketPath: join(socketDir, '.s.PGSQL.5432') },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready?: true; error?: string }) =>
        message.ready ? resolve() : reject(new Error(`embedded PostgreSQL failed to start: ${message.error}`)),
      );
      worker.once('error', reject);
    });
    return new EmbeddedPostgres(worker, socketDir);
  }

  connection(): SqlConnection {
    return {
      kind: 'pglite',
      poolConfig: { host: this.socketDir, port: 5432, user: 'postgres', database: 'postgres' },
      supportsNotifications: false,
      maxPoolSize: 10,
    };
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('stop');
    await exited;
    await rm(this.socketDir, { recursive: true, force: true });
  }
}
