import type { BatchStatement } from './projection';

/** SQLSTATE of `batch_follows`'s refusal (class TR: Tracker's own) */
const APPLIED_ALREADY = 'TRB01';

/**
 * A function of every read-model schema (created with the checkpoints' column, after the
 * service's migrations): the checkpoint a one-statement batch moves from, or the statement
 * refused when that checkpoint is at or past the batch's first event. It is called under
 * the checkpoint row's lock, so a replica that applied some of the batch meanwhile is seen,
 * and the refusal undoes the batch's writes with the whole statement.
 */
export const BATCH_FOLLOWS_SQL = (schema: string): string =>
  `CREATE OR REPLACE FUNCTION ${schema}.batch_follows(checkpoint numeric, first_position numeric) RETURNS numeric
   LANGUAGE plpgsql AS $fn$
   BEGIN
     IF checkpoint >= first_position THEN
       RAISE EXCEPTION 'batch applied already up to %', checkpoint USING ERRCODE = '${APPLIED_ALREADY}';
     END IF;
     RETURN checkpoint;
   END $fn$`;

/**
 * The statement of a batch applied in one round trip: the checkpoint locked, checked and
 * moved (parameters: `$1` the projection, `$2` the batch's last position, `$3` its first),
 * then the projection's writes. The final SELECT reads `moved` first, so the row lock is
 * taken before the writes run, as in the transaction.
 */
export function oneStatementBatchSql(schema: string, checkpoints: string, batch: BatchStatement): string {
  const ctes = [
    `locked AS (SELECT position FROM ${checkpoints} WHERE name = $1 FOR UPDATE)`,
    `moved AS (UPDATE ${checkpoints} AS checkpoint SET position = $2::bigint FROM locked
               WHERE checkpoint.name = $1 RETURNING ${schema}.batch_follows(locked.position, $3::bigint) AS before)`,
    ...batch.ctes,
  ];
  return `WITH ${ctes.join(',\n')} SELECT ${['(SELECT count(*) FROM moved)', ...batch.selects].join(', ')}`;
}

/** Whether a failure is `batch_follows`'s refusal (through TypeORM's and the driver's wrappers). */
export function isBatchAppliedAlready(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === APPLIED_ALREADY) return true;
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
