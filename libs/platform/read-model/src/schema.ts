import type { DataSource, QueryRunner } from 'typeorm';

/**
 * The quoted schema of a service's read model. Raw SQL always names it: embedded
 * PostgreSQL has a single session, so a per-connection search_path would leak between
 * services.
 */
export function schemaOf(source: QueryRunner | DataSource): string {
  const options = 'connection' in source ? source.connection.options : source.options;
  const schema = 'schema' in options ? options.schema : undefined;
  if (!schema || !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`A read model needs a plain schema name, got ${schema}`);
  return `"${schema}"`;
}
