import type { Logger } from '@nestjs/common';
import type { GlobalPosition } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import type { ProjectionRunner } from './projection-runner';

/** A catch-up of this many events fills the tables with rows the planner has no statistics for. */
export const ANALYZE_AFTER_CATCH_UP_EVENTS = 10_000;
const WAIT_STEP_MS = 5_000;
/** how often a running read model compares what its projections applied with the last ANALYZE */
const GROWTH_CHECK_MS = 1_000;

/**
 * After a large catch-up (a fresh install on an existing log, a restart far behind) the
 * tables hold many rows PostgreSQL has never sampled: without statistics the planner
 * guesses, and over a million bugs a search of 50 sorts 200,000 rows instead of reading
 * 50 in id order (docs/benchmarks.md, "Search over 1,000,000 bugs, second round").
 * Autovacuum analyzes them only later, so the read model does it once every projection
 * has reached `head` (the log's end when it started), if they applied at least `minimum`
 * events on the way: counted in events, as positions are not (EventStoreDB's are commit
 * offsets). Then, while it runs, again each time its projections have applied as many
 * events again as at the last ANALYZE, and at least `minimum` more: a read model that
 * grows live (bugs filed one by one) is sampled at 10,000, 20,000, 40,000... events, so
 * the planner's sizes are never off by more than half, whether autovacuum runs, lags or
 * is off (it is off on the CI machines: a quicksearch over 100,000 bugs grown live took
 * 263 ms p50 on statistics of an empty table, docs/benchmarks.md, "The create path, sixth
 * round"). Ends when the read model stops; a projection that halts ends the catch-up's
 * wait with a warning.
 */
export async function analyzeAfterCatchUp(
  dataSource: DataSource,
  schema: string,
  runners: () => readonly ProjectionRunner[],
  head: GlobalPosition,
  minimum: number,
  logger: Logger,
): Promise<void> {
  const applied = (): number => runners().reduce((sum, runner) => sum + runner.eventsApplied, 0);
  let analyzedAt = 0;
  try {
    for (;;) {
      const current = runners();
      if (current.length === 0) return;
      const reached = await Promise.all(current.map((runner) => runner.waitFor(head, WAIT_STEP_MS)));
      if (reached.every(Boolean)) break;
    }
    const caughtUp = applied();
    if (runners().length > 0 && caughtUp >= minimum) {
      const started = Date.now();
      const tables = await analyzeSchema(dataSource, schema);
      analyzedAt = caughtUp;
      logger.log(`caught up ${caughtUp} events; analyzed ${tables} tables for the query planner in ${Date.now() - started} ms`);
    }
  } catch (error) {
    logger.warn(`no ANALYZE after the catch-up: ${error instanceof Error ? error.message : String(error)}`);
  }
  await analyzeAsTheyGrow(dataSource, schema, runners, applied, analyzedAt, minimum, logger);
}

async function analyzeAsTheyGrow(
  dataSource: DataSource,
  schema: string,
  runners: () => readonly ProjectionRunner[],
  applied: () => number,
  analyzedAt: number,
  minimum: number,
  logger: Logger,
): Promise<void> {
  // the read model's runners of this start: stopped (or started again, with a look of its own), this look ends
  const mine = runners();
  for (let last = analyzedAt; ;) {
    await new Promise((wake) => setTimeout(wake, GROWTH_CHECK_MS).unref());
    if (runners() !== mine || mine.length === 0) return;
    const now = applied();
    if (now < Math.max(last + minimum, 2 * last)) continue;
    try {
      const started = Date.now();
      const tables = await analyzeSchema(dataSource, schema);
      logger.log(`applied ${now - last} events since the last ANALYZE; analyzed ${tables} tables in ${Date.now() - started} ms`);
    } catch (error) {
      if (runners() !== mine) return;
      logger.warn(`no ANALYZE after ${now - last} events: ${error instanceof Error ? error.message : String(error)}`);
    }
    last = now;
  }
}

/** ANALYZE of every table of `schema` (a sample of each: seconds for a million rows); answers how many. */
export async function analyzeSchema(dataSource: DataSource, schema: string): Promise<number> {
  const tables: Array<{ tablename: string }> = await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema]);
  const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  for (const { tablename } of tables) await dataSource.query(`ANALYZE ${quote(schema)}.${quote(tablename)}`);
  return tables.length;
}
