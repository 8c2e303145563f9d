import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stored mail preferences (docs/mail.md §10): one row per user who set them; the others have the defaults. */
export class CreateMailPreferences1765000000000 implements MigrationInterface {
  readonly name = 'CreateMailPreferences1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE ${schemaOf(runner)}.mail_preferences (user_id integer PRIMARY KEY, preferences jsonb NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ${schemaOf(runner)}.mail_preferences`);
  }
}
