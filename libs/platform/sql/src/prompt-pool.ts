import pg, { Pool, type PoolClient } from 'pg';

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, release: (error?: Error | boolean) => void) => void;

/** The parts of pg-pool (3.x) that decide when a waiting request gets an idle connection. */
interface PoolQueue {
  readonly _idle?: readonly unknown[];
  readonly _pendingQueue?: readonly unknown[];
  readonly ending?: boolean;
  _pulseQueue?(): void;
}

/**
 * pg's Pool, handing an idle connection out at once. pg-pool serves a request for a
 * connection on the next tick even when one is idle, and Node runs next-tick callbacks
 * only once the running task's promise continuations are all done. A query started by one
 * continuation of an in-process request therefore waited for the rest of that request's
 * synchronous work (another service's answer, the reply to the client) before its bytes
 * left, while the database had nothing to do. Here it leaves at once, and the two work side
 * by side (docs/benchmarks.md, "The create path, seventh round"). With no idle connection the
 * request waits in pg-pool's queue, as before.
 */
export class PromptPool extends Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const answer = callback ? super.connect(callback) : super.connect();
    serveFromIdle(this);
    return answer;
  }
}

/** pg's module with PromptPool as its Pool: the `driver` TypeORM's PostgreSQL data sources create their pool from. */
export const promptPg: typeof pg = Object.freeze({ ...pg, Pool: PromptPool });

function serveFromIdle(queue: PoolQueue): void {
  // pg-pool's own pulse, scheduled for the next tick, then finds nothing left to serve
  if (queue.ending || !queue._idle?.length || !queue._pendingQueue?.length) return;
  queue._pulseQueue?.();
}
