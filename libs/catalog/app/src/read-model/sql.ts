import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Raw SQL against the catalog's schema: `{s}` in a statement stands for the quoted schema
 * (raw SQL always names it: embedded PostgreSQL has one session shared by every service).
 */
export type Sql = <Row = Record<string, unknown>>(statement: string, params?: readonly unknown[]) => Promise<Row[]>;

export function sqlOn(target: DataSource | EntityManager): Sql {
  const connection = 'connection' in target ? target.connection : target;
  const schema = schemaOf(connection);
  return <Row>(statement: string, params: readonly unknown[] = []): Promise<Row[]> =>
    target.query<Row[]>(statement.replaceAll('{s}', schema), [...params]);
}
