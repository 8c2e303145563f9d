import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The flags of bugs and attachments and their activity, projected from the FlagsChanged
 * events of the bug streams, and the users' current logins and real names (identity's user
 * streams) that reads show (docs/flags.md §9). Activity ids are assigned by the projection in
 * global event order, so a replay numbers them the same.
 */
export class CreateFlagsTables1764300000001 implements MigrationInterface {
  readonly name = 'CreateFlagsTables1764300000001';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`
      CREATE TABLE ${s}.flags (
        flag_id integer PRIMARY KEY,
        type_id integer NOT NULL,
        bug_id integer NOT NULL,
        attachment_id integer,
        status char(1) NOT NULL,
        setter_id integer NOT NULL,
        setter_login varchar(255) NOT NULL,
        requestee_id integer,
        requestee_login varchar(255),
        created_at timestamptz NOT NULL,
        modified_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX flags_of_bugs ON ${s}.flags (bug_id) WHERE attachment_id IS NULL`);
    await runner.query(`CREATE INDEX flags_of_attachments ON ${s}.flags (attachment_id) WHERE attachment_id IS NOT NULL`);
    await runner.query(`CREATE INDEX flags_by_type ON ${s}.flags (type_id)`);
    await runner.query(`CREATE INDEX flags_by_requestee ON ${s}.flags (requestee_id)`);
    await runner.query(`
      CREATE TABLE ${s}.flag_activity (
        activity_id integer PRIMARY KEY,
        flag_id integer NOT NULL,
        type_id integer NOT NULL,
        bug_id integer NOT NULL,
        attachment_id integer,
        status char(1) NOT NULL,
        setter_id integer NOT NULL,
        requestee_id integer,
        occurred_at timestamptz NOT NULL
      )`);
    for (const column of ['flag_id', 'type_id', 'setter_id', 'requestee_id', 'bug_id', 'occurred_at'])
      await runner.query(`CREATE INDEX flag_activity_by_${column} ON ${s}.flag_activity (${column}, activity_id)`);
    await runner.query(`
      CREATE TABLE ${s}.flag_users (user_id integer PRIMARY KEY, login varchar(255) NOT NULL, real_name varchar(255) NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`DROP TABLE ${s}.flag_users`);
    await runner.query(`DROP TABLE ${s}.flag_activity`);
    await runner.query(`DROP TABLE ${s}.flags`);
  }
}
