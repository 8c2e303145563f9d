import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attachments' metadata (docs/attachments.md §7), projected from the bug streams; the bytes
 * are in the blob store under `attachments/sha256/<sha256>`. Comments learn whether they are
 * an attachment's note; authors their real name (for `creator_detail`).
 */
export class CreateAttachmentsTables1764200000002 implements MigrationInterface {
  readonly name = 'CreateAttachmentsTables1764200000002';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`
      CREATE TABLE ${schema}.attachments (
        attachment_id integer PRIMARY KEY,
        bug_id integer NOT NULL,
        creator_id integer NOT NULL,
        creator_login varchar(255) NOT NULL,
        file_name varchar(255) NOT NULL,
        summary varchar(255) NOT NULL,
        content_type varchar(255) NOT NULL,
        is_patch boolean NOT NULL,
        is_private boolean NOT NULL,
        is_obsolete boolean NOT NULL,
        size bigint NOT NULL,
        sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL,
        last_change_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX attachments_by_bug ON ${schema}.attachments (bug_id, attachment_id)`);
    await runner.query(`CREATE INDEX attachments_by_sha256 ON ${schema}.attachments (sha256)`);
    await runner.query(`ALTER TABLE ${schema}.comments ADD COLUMN attachment_note varchar(7)`);
    await runner.query(`ALTER TABLE ${schema}.comment_authors ADD COLUMN real_name varchar(255) NOT NULL DEFAULT ''`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`ALTER TABLE ${schema}.comment_authors DROP COLUMN real_name`);
    await runner.query(`ALTER TABLE ${schema}.comments DROP COLUMN attachment_note`);
    await runner.query(`DROP TABLE ${schema}.attachments`);
  }
}
