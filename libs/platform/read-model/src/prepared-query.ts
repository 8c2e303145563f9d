import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** Read models on a PostgreSQL server (ReadModel.open registers them), where names are safe: not embedded PGlite. */
const onServer = new WeakSet<DataSource>();

export function allowPreparedStatements(dataSource: DataSource): void {
  onServer.add(dataSource);
}

/**
 * A read of a hot path (every GET of a bug, every flags composition), whose text never
 * changes, as a named prepared statement on a PostgreSQL server: each pooled connection
 * parses it once, and PostgreSQL plans it once for all values when that plan is as good
 * (its generic plan), instead of parsing and planning it on every call. Planning took
 * 0.7 ms of these 0.8 ms reads (benchmarks.md, "The create path, fourth round, and reads
 * without the flags hop"). DDL on what it reads (a migration; a rebuild's swap, which drops
 * the old schema) makes PostgreSQL analyse it again from its text, so it follows the
 * names. On embedded PGlite every pool shares one session, where a name one connection
 * prepared would clash with another's: there it runs as an ordinary statement. `name` must
 * stand for this `text` alone within the data source.
 */
export async function preparedQuery<Row>(dataSource: DataSource, name: string, text: string, values: readonly unknown[]): Promise<Row[]> {
  if (!onServer.has(dataSource)) return dataSource.query<Row[]>(text, [...values]);
  const pool = (dataSource.driver as unknown as { readonly master: Pool }).master;
  const result = await pool.query({ name, text, values: [...values] });
  return result.rows as Row[];
}
