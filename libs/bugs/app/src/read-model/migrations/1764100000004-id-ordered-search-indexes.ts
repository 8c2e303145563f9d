import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Searches return bugs in id order, 50 at a time. With `product = $1 AND status = $2` an
 * index on (product, status) finds every matching bug (50,000 of a million) to sort them;
 * one on (product, status, id) reads the first 50 in order and stops. The two-column
 * indexes are replaced (as many indexes to maintain per write as before). Quicksearch's
 * keyword alternative walks only the bugs that have keywords, in id order, by the partial
 * index (docs/bugs.md, "Search over a million bugs").
 */
export class IdOrderedSearchIndexes1764100000004 implements MigrationInterface {
  readonly name = 'IdOrderedSearchIndexes1764100000004';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`CREATE INDEX bugs_product_status_id ON ${s}.bugs (product, status, id)`);
    await runner.query(`DROP INDEX ${s}.bugs_product_status`);
    await runner.query(`CREATE INDEX bugs_product_component_id ON ${s}.bugs (product, component, id)`);
    await runner.query(`DROP INDEX ${s}.bugs_product_component`);
    await runner.query(`CREATE INDEX bugs_with_keywords ON ${s}.bugs (id) WHERE cardinality(keywords) > 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`DROP INDEX ${s}.bugs_with_keywords`);
    await runner.query(`CREATE INDEX bugs_product_component ON ${s}.bugs (product, component)`);
    await runner.query(`DROP INDEX ${s}.bugs_product_component_id`);
    await runner.query(`CREATE INDEX bugs_product_status ON ${s}.bugs (product, status)`);
    await runner.query(`DROP INDEX ${s}.bugs_product_status_id`);
  }
}
