import type { GlobalPosition, RecordedEvent } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import { CheckpointWentBackError } from './checkpoint-went-back';
import {
  ASYNCHRONOUS_COMMIT,
  RUNNER_PARAMETERS,
  isBatchAppliedAlready,
  isCheckpointBehindFloor,
  oneStatementBatchSql,
} from './one-statement-batch';
import { preparedBatchName } from './prepared-batches';
import { preparedQuery } from './prepared-query';
import type { Projection } from './projection';

/** Where a batch left its projection's checkpoint, how many of its events were applied, and whether the checkpoint was stored. */
export interface AppliedBatch {
  readonly checkpoint: GlobalPosition;
  readonly applied: number;
  /**
   * false for a batch the projection had nothing to write for (`NOTHING_TO_WRITE`): nothing
   * was sent to the database, and the stored checkpoint may move past it later (the runner
   * does so within a second), as past events of streams the projection does not follow
   */
  readonly stored: boolean;
}

/**
 * Applies a batch (not empty) and moves the projection's checkpoint past it, both or
 * neither, whatever other replicas of the projection do meanwhile: in a single statement
 * when the projection can write the batch that way, else in a transaction. Events in
 * `skipped` are passed over. `floor` is where the caller last found or left the
 * checkpoint: found below it, nothing is written (CheckpointWentBackError).
 */
export async function applyBatchOnce(
  dataSource: DataSource,
  schema: string,
  projection: Projection,
  events: readonly RecordedEvent[],
  skipped: ReadonlySet<string>,
  floor: GlobalPosition,
): Promise<AppliedBatch> {
  const last = events.at(-1);
  if (!last) throw new Error('an empty batch has nothing to apply');
  const applicable = events.filter((event) => !skipped.has(event.id));
  const oneStatement = await applyInOneStatement(dataSource, schema, projection, events, applicable, floor);
  if (oneStatement !== 'not-applied') return { checkpoint: last.position, applied: applicable.length, stored: oneStatement === 'stored' };
  const checkpoints = `"${schema}".projection_checkpoints`;
  let applied = 0;
  const checkpoint = await dataSource.transaction(async (manager) => {
    // one statement locks the checkpoint row, reads where it was and moves it past the batch: the
    // moved row commits only with the batch's rows, and a replica that applied part of the batch
    // meanwhile (its commit is waited for by the lock) is seen in `before`, so nothing applies twice
    // (a SELECT around the UPDATE: TypeORM answers an UPDATE's rows in another shape)
    const rows: Array<{ before: string }> = await manager.query(
      `WITH locked AS (SELECT position FROM ${checkpoints} WHERE name = $1 FOR UPDATE),
       moved AS (UPDATE ${checkpoints} AS checkpoint SET position = greatest(locked.position, $2::bigint)
                 FROM locked WHERE checkpoint.name = $1 RETURNING locked.position AS before)
       SELECT before${projection.asynchronousCommit ? `, ${ASYNCHRONOUS_COMMIT}` : ''} FROM moved`,
      [projection.name, last.position.toString()],
    );
    const before = BigInt(rows[0]?.before ?? '0');
    if (before < floor) throw new CheckpointWentBackError(projection.name, before, floor);
    const fresh = applicable.filter((event) => event.position > before);
    if (!events.some((event) => event.position > before)) return before;
    if (fresh.length > 0) await projection.apply(fresh, manager);
    applied = fresh.length;
    return last.position;
  });
  return { checkpoint, applied, stored: true };
}

/**
 * Applies `applicable` (the batch less its skipped events) and moves the projection's
 * checkpoint past `events` in a single statement, when the projection can write the batch
 * that way (`Projection.batchStatement`); when it has nothing to write, sends nothing
 * ('nothing-written'). 'not-applied' when it cannot, or when the statement was refused
 * because the checkpoint had reached the batch (another replica applied some of it): the
 * transaction then works out what is left.
 */
async function applyInOneStatement(
  dataSource: DataSource,
  schemaName: string,
  projection: Projection,
  events: readonly RecordedEvent[],
  applicable: readonly RecordedEvent[],
  floor: GlobalPosition,
): Promise<'stored' | 'nothing-written' | 'not-applied'> {
  const [first, last] = [events.at(0), events.at(-1)];
  const schema = `"${schemaName}"`;
  const batch = projection.batchStatement?.(applicable, { schema, taken: RUNNER_PARAMETERS });
  if (!first || !last || !batch) return 'not-applied';
  // a statement that only moved the checkpoint would cost a round trip and a commit beside every write's reply
  if (batch.ctes.length === 0 && batch.selects.length === 0) return 'nothing-written';
  const parameters = [projection.name, last.position.toString(), first.position.toString(), floor.toString(), ...batch.parameters];
  const statement = oneStatementBatchSql(schema, `${schema}.projection_checkpoints`, batch, projection.asynchronousCommit === true);
  const name = preparedBatchName(dataSource, events.length, statement);
  try {
    await (name ? preparedQuery(dataSource, name, statement, parameters) : dataSource.query(statement, parameters));
    return 'stored';
  } catch (error) {
    if (isBatchAppliedAlready(error)) return 'not-applied';
    if (isCheckpointBehindFloor(error)) throw new CheckpointWentBackError(projection.name, undefined, floor);
    throw error;
  }
}
