import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a bug has, or once had, flags of its own (a `FlagsChanged` of the bug itself in
 * its stream). A read shows such a bug's flags from the flags service; a bug that never
 * had any shows `[]` without asking it (docs/bugs.md, "Flags of a read"). Rows written
 * before this column are taken as flagged (true) until a rebuild: asked, as before.
 */
export class FlaggedMarker1764100000005 implements MigrationInterface {
  readonly name = 'FlaggedMarker1764100000005';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.bugs ADD COLUMN ever_flagged boolean NOT NULL DEFAULT true`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.bugs DROP COLUMN ever_flagged`);
  }
}
