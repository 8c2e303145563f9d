import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bugzilla's group_control_map.editcomponents: members of the group administer the product
 * (its flag types, docs/flags.md §1). Rows written before hold false, as their events say.
 */
export class GroupControlEditcomponents1764100000001 implements MigrationInterface {
  readonly name = 'GroupControlEditcomponents1764100000001';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`ALTER TABLE ${schema}.group_controls ADD COLUMN editcomponents boolean NOT NULL DEFAULT false`);
    await runner.query(`CREATE INDEX group_controls_administering ON ${schema}.group_controls (group_id) WHERE editcomponents`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`DROP INDEX ${schema}.group_controls_administering`);
    await runner.query(`ALTER TABLE ${schema}.group_controls DROP COLUMN editcomponents`);
  }
}
