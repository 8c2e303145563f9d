import type { Logger } from '@nestjs/common';
import type { EventStore, GlobalPosition } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import type { ProjectionRunner } from './projection-runner';

/** A start this far behind the log fills the tables with rows the planner has no statistics for. */
export const ANALYZE_AFTER_CATCH_UP_EVENTS = 10_000;
const WAIT_STEP_MS = 60_000;

/**
 * After a large catch-up (a fresh install on an existing log, a restart far behind) the
 * tables hold many rows PostgreSQL has never sampled: without statistics the planner
 * guesses, and over a million bugs a search of 50 sorts 200,000 rows instead of reading
 * 50 in id order (docs/benchmarks.md, "Search over a million bugs, second round").
 * Autovacuum analyzes them only later, so the read model does it once every projection
 * has reached `head`. Stops quietly when the read model stops or a projection halts.
 */
/**
 * The head of the log when the most advanced of `projections` is at least `minimum` events
 * behind it (by their stored checkpoints, read before they start moving), else null. The
 * most advanced: a projection of rare streams stores its checkpoint only when it applies
 * one, so it is behind at every restart without anything to catch up.
 */
export async function farBehindUntil(
  dataSource: DataSource,
  store: EventStore,
  schema: string,
  projections: readonly string[],
  minimum: number,
): Promise<GlobalPosition | null> {
  if (projections.length === 0) return null;
  const head = await store.lastPosition();
  const rows: Array<{ position: string | null }> = await dataSource.query(
    `SELECT max(position)::text AS position FROM "${schema}".projection_checkpoints WHERE name = ANY($1)`,
    [projections],
  );
  return head - BigInt(rows[0]?.position ?? '0') >= BigInt(minimum) ? head : null;
}

export async function analyzeAfterCatchUp(
  dataSource: DataSource,
  schema: string,
  runners: () => readonly ProjectionRunner[],
  head: GlobalPosition,
  logger: Logger,
): Promise<void> {
  try {
    for (;;) {
      const current = runners();
      if (current.length === 0) return;
      const reached = await Promise.all(current.map((runner) => runner.waitFor(head, WAIT_STEP_MS)));
      if (reached.every(Boolean)) break;
    }
    if (runners().length === 0) return;
    const started = Date.now();
    const tables = await analyzeSchema(dataSource, schema);
    logger.log(`caught up to ${head}; analyzed ${tables} tables for the query planner in ${Date.now() - started} ms`);
  } catch (error) {
    logger.warn(`no ANALYZE after the catch-up: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** ANALYZE of every table of `schema` (a sample of each: seconds for a million rows); answers how many. */
export async function analyzeSchema(dataSource: DataSource, schema: string): Promise<number> {
  const tables: Array<{ tablename: string }> = await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema]);
  const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  for (const { tablename } of tables) await dataSource.query(`ANALYZE ${quote(schema)}.${quote(tablename)}`);
  return tables.length;
}
