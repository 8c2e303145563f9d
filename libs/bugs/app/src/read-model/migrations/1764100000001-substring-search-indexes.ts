import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Substring search (summary, whiteboard, product, component, alias, logins, comments) is `lower(col) LIKE
 * '%word%'`, which a B-tree cannot serve. Where the server has pg_trgm (any real
 * PostgreSQL), trigram GIN indexes make it fast for a million bugs; embedded PostgreSQL
 * (PGlite) has no extensions loaded, and scans (fine for what it holds).
 */
export class SubstringSearchIndexes1764100000001 implements MigrationInterface {
  readonly name = 'SubstringSearchIndexes1764100000001';

  async up(runner: QueryRunner): Promise<void> {
    const available = (await runner.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`)) as unknown[];
    if (available.length === 0) return;
    // a role that may not create extensions still boots, without the trigram indexes
    await runner.query('SAVEPOINT pg_trgm');
    try {
      await runner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await runner.query('RELEASE SAVEPOINT pg_trgm');
    } catch {
      await runner.query('ROLLBACK TO SAVEPOINT pg_trgm');
      return;
    }
    const rows = (await runner.query(
      `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`,
    )) as Array<{
      schema: string;
    }>;
    const ops = `${rows[0]?.schema ?? 'public'}.gin_trgm_ops`;
    const s = schemaOf(runner);
    await runner.query(`CREATE INDEX bugs_summary_trgm ON ${s}.bugs USING gin (lower(summary) ${ops})`);
    await runner.query(`CREATE INDEX bugs_whiteboard_trgm ON ${s}.bugs USING gin (lower(whiteboard) ${ops})`);
    await runner.query(`CREATE INDEX bugs_product_trgm ON ${s}.bugs USING gin (lower(product) ${ops})`);
    await runner.query(`CREATE INDEX bugs_component_trgm ON ${s}.bugs USING gin (lower(component) ${ops})`);
    await runner.query(`CREATE INDEX bug_aliases_trgm ON ${s}.bug_aliases USING gin (alias_key ${ops})`);
    await runner.query(`CREATE INDEX bug_users_login_trgm ON ${s}.bug_users USING gin (lower(login) ${ops})`);
    await runner.query(`CREATE INDEX bug_comments_text_trgm ON ${s}.bug_comments USING gin (lower(text) ${ops})`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    for (const index of [
      'bugs_summary_trgm',
      'bugs_whiteboard_trgm',
      'bugs_product_trgm',
      'bugs_component_trgm',
      'bug_aliases_trgm',
      'bug_users_login_trgm',
      'bug_comments_text_trgm',
    ]) {
      await runner.query(`DROP INDEX IF EXISTS ${s}.${index}`);
    }
  }
}
