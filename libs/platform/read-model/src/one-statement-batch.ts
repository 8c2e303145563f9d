import type { BatchStatement } from './projection';

/** SQLSTATEs of `batch_follows`'s refusals (class TR: Tracker's own) */
const APPLIED_ALREADY = 'TRB01';
const WENT_BACK = 'TRB02';

/**
 * A function of every read-model schema (created with the checkpoints' column, after the
 * service's migrations): the checkpoint a one-statement batch moves from, or the statement
 * refused when that checkpoint is at or past the batch's first event (TRB01), or below
 * `floor`, where the runner last found or left it (TRB02: commits were lost, see
 * `CheckpointWentBackError`). It is called under the checkpoint row's lock, so a replica
 * that applied some of the batch meanwhile is seen, and a refusal undoes the batch's writes
 * with the whole statement. (The two-argument form of the release before stays for its
 * processes during a rolling upgrade.)
 */
export const BATCH_FOLLOWS_SQL = (schema: string): string =>
  `CREATE OR REPLACE FUNCTION ${schema}.batch_follows(checkpoint numeric, first_position numeric, floor numeric) RETURNS numeric
   LANGUAGE plpgsql AS $fn$
   BEGIN
     IF checkpoint < floor THEN
       RAISE EXCEPTION 'checkpoint % is behind %, where this process last left it', checkpoint, floor USING ERRCODE = '${WENT_BACK}';
     END IF;
     IF checkpoint >= first_position THEN
       RAISE EXCEPTION 'batch applied already up to %', checkpoint USING ERRCODE = '${APPLIED_ALREADY}';
     END IF;
     RETURN checkpoint;
   END $fn$`;

/** Parameters `$1` to `$4` of a one-statement batch are the runner's (`oneStatementBatchSql`). */
export const RUNNER_PARAMETERS = 4;

/**
 * The statement of a batch applied in one round trip: the checkpoint locked, checked and
 * moved (parameters: `$1` the projection, `$2` the batch's last position, `$3` its first,
 * `$4` the runner's floor), then the projection's writes. The final SELECT reads `moved`
 * first, so the row lock is taken before the writes run, as in the transaction. With
 * `asynchronousCommit`, the statement's commit does not wait for the WAL flush.
 */
export function oneStatementBatchSql(schema: string, checkpoints: string, batch: BatchStatement, asynchronousCommit = false): string {
  const ctes = [
    `locked AS (SELECT position FROM ${checkpoints} WHERE name = $1 FOR UPDATE)`,
    `moved AS (UPDATE ${checkpoints} AS checkpoint SET position = $2::bigint FROM locked
               WHERE checkpoint.name = $1 RETURNING ${schema}.batch_follows(locked.position, $3::bigint, $4::bigint) AS before)`,
    ...batch.ctes,
  ];
  const selects = ['(SELECT count(*) FROM moved)', ...(asynchronousCommit ? [ASYNCHRONOUS_COMMIT] : []), ...batch.selects];
  return `WITH ${ctes.join(',\n')} SELECT ${selects.join(', ')}`;
}

/** Evaluated in a statement, this transaction's commit does not wait for the WAL flush (`Projection.asynchronousCommit`). */
export const ASYNCHRONOUS_COMMIT = `set_config('synchronous_commit', 'off', true)`;

/** Whether a failure is `batch_follows`'s refusal for a batch applied already (through TypeORM's and the driver's wrappers). */
export function isBatchAppliedAlready(error: unknown): boolean {
  return sqlStateOf(error) === APPLIED_ALREADY;
}

/** Whether a failure is `batch_follows`'s refusal for a checkpoint below the runner's floor. */
export function isCheckpointBehindFloor(error: unknown): boolean {
  return sqlStateOf(error) === WENT_BACK;
}

function sqlStateOf(error: unknown): unknown {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === APPLIED_ALREADY || code === WENT_BACK) return code;
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}
