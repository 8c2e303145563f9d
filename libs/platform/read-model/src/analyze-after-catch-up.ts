import type { Logger } from '@nestjs/common';
import type { GlobalPosition } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import type { ProjectionRunner } from './projection-runner';

/** A start this far behind the log fills the tables with rows the planner has no statistics for. */
export const ANALYZE_AFTER_CATCH_UP_EVENTS = 10_000n;
const WAIT_STEP_MS = 60_000;

/**
 * After a large catch-up (a fresh install on an existing log, a restart far behind) the
 * tables hold many rows PostgreSQL has never sampled: without statistics the planner
 * guesses, and over a million bugs a search of 50 sorts 200,000 rows instead of reading
 * 50 in id order (docs/benchmarks.md, "Search over a million bugs, second round").
 * Autovacuum analyzes them only later, so the read model does it once every projection
 * has reached `head`. Stops quietly when the read model stops or a projection halts.
 */
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
    const tables: Array<{ tablename: string }> = await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema]);
    for (const { tablename } of tables) await dataSource.query(`ANALYZE "${schema}"."${tablename.replace(/"/g, '""')}"`);
    logger.log(`caught up to ${head}; analyzed ${tables.length} tables for the query planner in ${Date.now() - started} ms`);
  } catch (error) {
    logger.warn(`no ANALYZE after the catch-up: ${error instanceof Error ? error.message : String(error)}`);
  }
}
