import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bug's actual time is the sum of every comment's work time (Bugzilla sums it when asked,
 * it has no column): each work time fits decimal(7,2), their sum does not have to, and a
 * sum that overflowed would stop the projection (issue 13). The column takes any sum.
 */
export class UnboundedActualTime1764100000003 implements MigrationInterface {
  readonly name = 'UnboundedActualTime1764100000003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.bugs ALTER COLUMN actual_time TYPE numeric`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.bugs ALTER COLUMN actual_time TYPE numeric(7,2)`);
  }
}
