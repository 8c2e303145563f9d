import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from './prepared-query';
import { schemaOf } from './schema';

/**
 * Sequential ids (users 1, 2, 3 ... as Bugzilla numbers them) from a PostgreSQL sequence
 * in the service's schema. The sequence is infrastructure, not truth: the id is in the
 * event, and the projection that applies a creation calls `advancePast`, so a rebuilt
 * read model hands out ids after the highest one in the log. An id taken by a command
 * that then failed is simply skipped, as in Bugzilla.
 *
 * Create the sequence in a migration: `CREATE SEQUENCE <schema>.<name>`.
 */
export class IdSequence {
  constructor(
    private readonly dataSource: DataSource,
    private readonly name: string,
  ) {}

  async next(): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(`SELECT nextval('${this.qualified()}') AS id`);
    return Number(rows[0]?.id);
  }

  /** The next id of each sequence named, in one statement (one round trip however many). */
  static async nextOfEach(dataSource: DataSource, names: readonly string[]): Promise<number[]> {
    const schema = schemaOf(dataSource);
    const draws = names.map((name, i) => `nextval('${schema}.${name}') AS id${i}`);
    const rows = await preparedQuery<Record<string, string>>(dataSource, `ids-${names.join('-')}`, `SELECT ${draws.join(', ')}`, []);
    return names.map((_, i) => Number(rows[0]?.[`id${i}`]));
  }

  /**
   * In a projection: makes sure the sequence never hands out `id` or anything below it again.
   * It writes only when the sequence is behind `id` (a rebuild, events appended directly):
   * a live id came from the sequence, and writing back a value read a moment earlier
   * would let a concurrent `next()` hand that value out twice.
   */
  static async advancePast(manager: EntityManager, name: string, id: number): Promise<void> {
    const qualified = `${schemaOf(manager.connection)}.${name}`;
    await manager.query(
      `SELECT setval('${qualified}', $1::bigint, true) FROM ${qualified} WHERE last_value < $1 OR (last_value = $1 AND NOT is_called)`,
      [id],
    );
  }

  /**
   * `advancePast` of several sequences in one statement (one round trip for a projection
   * batch); an id of 0 or less leaves its sequence alone.
   */
  static async advanceAllPast(manager: EntityManager, ids: Readonly<Record<string, number>>): Promise<void> {
    const moves = IdSequence.advanceAllPastSql(schemaOf(manager.connection), ids);
    if (moves) await manager.query(`SELECT ${moves.sql}`, moves.parameters);
  }

  /**
   * The select list of `advanceAllPast`, for a projection that makes it part of a statement
   * of its own; its parameters are numbered after `after`. Undefined when nothing moves.
   */
  static advanceAllPastSql(
    schema: string,
    ids: Readonly<Record<string, number>>,
    after = 0,
  ): { readonly sql: string; readonly parameters: number[] } | undefined {
    const moves = Object.entries(ids).filter(([, id]) => id > 0);
    if (moves.length === 0) return undefined;
    const checks = moves.map(([name], i) => {
      const qualified = `${schema}.${name}`;
      const p = `$${after + i + 1}::bigint`;
      return `(SELECT setval('${qualified}', ${p}, true) FROM ${qualified} WHERE last_value < ${p} OR (last_value = ${p} AND NOT is_called))`;
    });
    return { sql: checks.join(', '), parameters: moves.map(([, id]) => id) };
  }

  private qualified(): string {
    return `${schemaOf(this.dataSource)}.${this.name}`;
  }
}
