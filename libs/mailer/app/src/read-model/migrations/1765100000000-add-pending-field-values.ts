import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A recorded change keeps the bug's field values from before it (docs/mail.md §6): its mail's
 * "Removed" column. Rows recorded before this column existed have none: their old values
 * show empty, as they did.
 */
export class AddPendingFieldValues1765100000000 implements MigrationInterface {
  readonly name = 'AddPendingFieldValues1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.pending_changes ADD COLUMN field_values jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.pending_changes DROP COLUMN field_values`);
  }
}
