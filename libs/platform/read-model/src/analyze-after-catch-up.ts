import type { Logger } from '@nestjs/common';
import type { GlobalPosition } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import type { ProjectionRunner } from './projection-runner';

/** A catch-up of this many events fills the tables with rows the planner has no statistics for. */
export const ANALYZE_AFTER_CATCH_UP_EVENTS = 10_000;
const WAIT_STEP_MS = 5_000;

/**
 * After a large catch-up (a fresh install on an existing log, a restart far behind) the
 * tables hold many rows PostgreSQL has never sampled: without statistics the planner
 * guesses, and over a million bugs a search of 50 sorts 200,000 rows instead of reading
 * 50 in id order (docs/benchmarks.md, "Search over 1,000,000 bugs, second round").
 * Autovacuum analyzes them only later, so the read model does it once every projection
 * has reached `head` (the log's end when it started), if they applied at least `minimum`
 * events on the way: counted in events, as positions are not (EventStoreDB's are commit
 * offsets). Ends when the read model stops; a projection that halts ends it with a warning.
 */
export async function analyzeAfterCatchUp(
  dataSource: DataSource,
  schema: string,
  runners: () => readonly ProjectionRunner[],
  head: GlobalPosition,
  minimum: number,
  logger: Logger,
): Promise<void> {
  try {
    for (;;) {
      const current = runners();
      if (current.length === 0) return;
      const reached = await Promise.all(current.map((runner) => runner.waitFor(head, WAIT_STEP_MS)));
      if (reached.every(Boolean)) break;
    }
    const applied = runners().reduce((sum, runner) => sum + runner.eventsApplied, 0);
    if (runners().length === 0 || applied < minimum) return;
    const started = Date.now();
    const tables = await analyzeSchema(dataSource, schema);
    logger.log(`caught up ${applied} events; analyzed ${tables} tables for the query planner in ${Date.now() - started} ms`);
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
