import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The comments read model: one row per comment (projected from the bug streams), the
 * current login of every user (projected from identity's user streams, so that a read
 * needs no round trip), and how often each tag is in use (for the tag search).
 * `creation_tags` keeps the tags a comment was created with: the tag decider starts there.
 */
export class CreateCommentsTables1764200000000 implements MigrationInterface {
  readonly name = 'CreateCommentsTables1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`
      CREATE TABLE ${schema}.comments (
        comment_id integer PRIMARY KEY,
        bug_id integer NOT NULL,
        count integer NOT NULL,
        author_id integer,
        author_login text NOT NULL,
        created_at timestamptz NOT NULL,
        body text NOT NULL,
        added_text text,
        is_private boolean NOT NULL,
        is_markdown boolean NOT NULL,
        attachment_id integer,
        work_time double precision NOT NULL,
        creation_tags text[] NOT NULL,
        tags text[] NOT NULL
      )`);
    await runner.query(`CREATE INDEX comments_by_bug ON ${schema}.comments (bug_id, count)`);
    await runner.query(`CREATE TABLE ${schema}.comment_authors (user_id integer PRIMARY KEY, login text NOT NULL)`);
    await runner.query(`CREATE TABLE ${schema}.comment_tag_weights (tag_key text PRIMARY KEY, tag text NOT NULL, weight integer NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`DROP TABLE ${schema}.comment_tag_weights`);
    await runner.query(`DROP TABLE ${schema}.comment_authors`);
    await runner.query(`DROP TABLE ${schema}.comments`);
  }
}
