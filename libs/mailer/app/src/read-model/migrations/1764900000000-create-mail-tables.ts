import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notifier's tables (docs/mail.md §5): what it knows of each bug, the changes recorded
 * with its checkpoint and not mailed yet, and every job it queued. `mail_start` is when the
 * schema was made: changes older than that are history and never mailed, so a mailer
 * added to a running installation does not mail its whole past.
 */
export class CreateMailTables1764900000000 implements MigrationInterface {
  readonly name = 'CreateMailTables1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`CREATE TABLE ${s}.mail_start (mail_from timestamptz NOT NULL)`);
    await runner.query(`INSERT INTO ${s}.mail_start (mail_from) VALUES (date_trunc('second', now()))`);
    await runner.query(`CREATE TABLE ${s}.bug_facts (bug_id integer PRIMARY KEY, facts jsonb NOT NULL)`);
    await runner.query(`
      CREATE TABLE ${s}.pending_changes (
        change_key text PRIMARY KEY,
        first_position bigint NOT NULL,
        bug_id integer NOT NULL,
        events jsonb NOT NULL,
        bug_facts jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX pending_changes_in_order ON ${s}.pending_changes (first_position)`);
    await runner.query(`
      CREATE TABLE ${s}.queued_mails (
        job_id text PRIMARY KEY,
        change_id text NOT NULL,
        bug_id integer NOT NULL,
        recipient text NOT NULL,
        kind varchar(10) NOT NULL,
        reasons text NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX queued_mails_by_bug ON ${s}.queued_mails (bug_id, queued_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    for (const table of ['queued_mails', 'pending_changes', 'bug_facts', 'mail_start']) await runner.query(`DROP TABLE ${s}.${table}`);
  }
}
