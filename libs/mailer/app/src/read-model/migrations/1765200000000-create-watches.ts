import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watch lists (docs/mail.md §11): one row per (watcher, watched), read by watched user when
 * a change is mailed. They join the stored preferences in one projection, `mail-settings`, so
 * the mailer follows both with one subscription: the preferences' checkpoint is kept under
 * the new name (no `watch-` stream is older than this migration).
 */
export class CreateWatches1765200000000 implements MigrationInterface {
  readonly name = 'CreateWatches1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(
      `CREATE TABLE ${s}.watches (watcher_id integer NOT NULL, watched_id integer NOT NULL, PRIMARY KEY (watcher_id, watched_id))`,
    );
    await runner.query(`CREATE INDEX watches_by_watched ON ${s}.watches (watched_id, watcher_id)`);
    await runner.query(`UPDATE ${s}.projection_checkpoints SET name = 'mail-settings' WHERE name = 'mail-preferences'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`UPDATE ${s}.projection_checkpoints SET name = 'mail-preferences' WHERE name = 'mail-settings'`);
    await runner.query(`DROP TABLE ${s}.watches`);
  }
}
