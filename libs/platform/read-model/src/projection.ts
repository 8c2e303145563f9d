import type { RecordedEvent } from '@tracker/platform/event-store';
import type { EntityManager } from 'typeorm';

/**
 * A read model fed by events. `apply` runs inside the transaction that also moves the
 * projection's checkpoint, so each event takes effect exactly once; it receives events
 * in global order, in batches (fold per stream and write in bulk when replaying).
 */
export interface Projection {
  /** checkpoint key, unique within the service */
  readonly name: string;
  /** only events of streams starting with one of these are delivered */
  readonly streamPrefixes: readonly string[];
  /** For a projection nobody waits on: the subscription's `batchIntervalMs` (event-store.port.ts). Default none. */
  readonly batchIntervalMs?: number;
  apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void>;
  /**
   * Its batches commit without waiting for PostgreSQL's WAL flush (`synchronous_commit =
   * off` for their transactions): a reply that waits for the projection waits one flush
   * less, and on a busy disk a flush is the largest part of a write. The log stays durable
   * before every reply; what a database crash can take is the projection's newest commits,
   * rows and checkpoint together (the WAL keeps their order), and its runner takes those
   * events again once it finds its checkpoint behind where it left it (projection-runner.ts).
   * Only for a projection whose rows are the log's and nothing else's, and whose rows no
   * one acts on outside the database (the mailer's pending changes lead to mail: not
   * there); nor where a moment of the read model behind after a crash would let a refused
   * thing through (identity's credentials). Default false.
   */
  readonly asynchronousCommit?: boolean;
  /**
   * The batch as the writing part of a single statement, when the projection can write it
   * without reading anything first (new rows only, or nothing at all): the runner joins it
   * to the statement that moves the checkpoint, one round trip where `apply` takes four
   * (BEGIN, checkpoint, writes, COMMIT). A create's reply waits for such batches. The
   * result must write exactly what `apply` would; undefined when it cannot, and `apply`
   * takes the batch. Optional.
   */
  batchStatement?(events: readonly RecordedEvent[], context: BatchStatementContext): BatchStatement | undefined;
}

export interface BatchStatementContext {
  /** the read model's quoted schema, as `schemaOf` gives it */
  readonly schema: string;
  /** parameters `$1` to `$<taken>` are the runner's: number the batch's after them */
  readonly taken: number;
}

/**
 * `WITH <ctes> SELECT <selects>` of one batch. The statement either applies all of it and
 * moves the checkpoint, or nothing (it is refused as a whole when the batch was applied
 * already); a sequence moved by `setval` stays moved either way, so `selects` may only move
 * id sequences past ids of the batch, which are in the log whatever happens.
 */
export interface BatchStatement {
  /** data-modifying common table expressions, each `<name> AS (<INSERT ...>)`; names start with `w` */
  readonly ctes: readonly string[];
  /** expressions the final SELECT evaluates (e.g. `IdSequence.advanceAllPastSql`) */
  readonly selects: readonly string[];
  readonly parameters: readonly unknown[];
}

/** The statement of a batch the projection has nothing to write for: the checkpoint moves alone. */
export const NOTHING_TO_WRITE: BatchStatement = { ctes: [], selects: [], parameters: [] };
