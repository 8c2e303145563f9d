import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bugs read model. `bugs` holds each bug's current fields twice: whole as `doc` (what
 * a read returns, one row per bug) and as columns (what a search filters and sorts on,
 * indexed for a million bugs). Users, aliases, comment texts, personal tags and last
 * visits have their own tables. Ids come from sequences the projections advance.
 */
export class CreateBugsTables1764100000000 implements MigrationInterface {
  readonly name = 'CreateBugsTables1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`CREATE SEQUENCE ${s}.bug_ids`);
    await runner.query(`CREATE SEQUENCE ${s}.comment_ids`);
    await runner.query(`
      CREATE TABLE ${s}.bugs (
        id integer PRIMARY KEY,
        doc jsonb NOT NULL,
        alias text[] NOT NULL,
        summary text NOT NULL,
        product text NOT NULL,
        component text NOT NULL,
        classification text NOT NULL,
        version text NOT NULL,
        target_milestone text NOT NULL,
        status text NOT NULL,
        is_open boolean NOT NULL,
        resolution text NOT NULL,
        is_confirmed boolean NOT NULL,
        dupe_of integer,
        priority text NOT NULL,
        severity text NOT NULL,
        platform text NOT NULL,
        op_sys text NOT NULL,
        url text NOT NULL,
        whiteboard text NOT NULL,
        keywords text[] NOT NULL,
        see_also text[] NOT NULL,
        group_ids integer[] NOT NULL,
        group_names text[] NOT NULL,
        blocks integer[] NOT NULL,
        depends_on integer[] NOT NULL,
        reporter_id integer NOT NULL,
        assignee_id integer NOT NULL,
        qa_contact_id integer,
        cc_ids integer[] NOT NULL,
        is_cc_accessible boolean NOT NULL,
        is_creator_accessible boolean NOT NULL,
        deadline date,
        estimated_time numeric(7,2) NOT NULL,
        remaining_time numeric(7,2) NOT NULL,
        actual_time numeric(7,2) NOT NULL,
        custom jsonb NOT NULL,
        creation_ts timestamptz NOT NULL,
        delta_ts timestamptz NOT NULL
      )`);
    for (const [name, columns] of [
      ['bugs_product_status', '(product, status)'],
      ['bugs_product_component', '(product, component)'],
      ['bugs_status', '(status)'],
      ['bugs_assignee', '(assignee_id)'],
      ['bugs_reporter', '(reporter_id)'],
      ['bugs_qa_contact', '(qa_contact_id)'],
      ['bugs_creation_ts', '(creation_ts)'],
      ['bugs_delta_ts', '(delta_ts)'],
      ['bugs_resolution', '(resolution)'],
      ['bugs_priority', '(priority)'],
      ['bugs_severity', '(severity)'],
      ['bugs_dupe_of', '(dupe_of)'],
      ['bugs_cc', 'USING gin (cc_ids)'],
      ['bugs_keywords', 'USING gin (keywords)'],
      ['bugs_blocks', 'USING gin (blocks)'],
      ['bugs_depends_on', 'USING gin (depends_on)'],
    ] as const) {
      await runner.query(`CREATE INDEX ${name} ON ${s}.bugs ${columns}`);
    }
    await runner.query(`CREATE TABLE ${s}.bug_aliases (alias_key text PRIMARY KEY, alias text NOT NULL, bug_id integer NOT NULL)`);
    await runner.query(`CREATE INDEX bug_aliases_bug ON ${s}.bug_aliases (bug_id)`);
    await runner.query(`
      CREATE TABLE ${s}.bug_comments (
        comment_id integer PRIMARY KEY,
        bug_id integer NOT NULL,
        is_private boolean NOT NULL,
        author_id integer NOT NULL,
        text text NOT NULL
      )`);
    await runner.query(`CREATE INDEX bug_comments_bug ON ${s}.bug_comments (bug_id)`);
    await runner.query(`CREATE TABLE ${s}.bug_users (id integer PRIMARY KEY, login text NOT NULL, real_name text NOT NULL)`);
    await runner.query(`CREATE INDEX bug_users_login ON ${s}.bug_users (lower(login))`);
    await runner.query(`
      CREATE TABLE ${s}.bug_tags (user_id integer NOT NULL, bug_id integer NOT NULL, tag text NOT NULL, PRIMARY KEY (user_id, bug_id, tag))`);
    await runner.query(`CREATE INDEX bug_tags_user_tag ON ${s}.bug_tags (user_id, tag)`);
    await runner.query(`
      CREATE TABLE ${s}.bug_last_visits (user_id integer NOT NULL, bug_id integer NOT NULL, visited_at timestamptz NOT NULL, PRIMARY KEY (user_id, bug_id))`);
    await runner.query(`CREATE INDEX bug_last_visits_recent ON ${s}.bug_last_visits (user_id, visited_at DESC)`);
    await runner.query(`
      CREATE TABLE ${s}.bug_custom_fields (name text PRIMARY KEY, type integer NOT NULL, is_obsolete boolean NOT NULL, sort_key integer NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    for (const table of ['bug_custom_fields', 'bug_last_visits', 'bug_tags', 'bug_users', 'bug_comments', 'bug_aliases', 'bugs']) {
      await runner.query(`DROP TABLE ${s}.${table}`);
    }
    await runner.query(`DROP SEQUENCE ${s}.comment_ids`);
    await runner.query(`DROP SEQUENCE ${s}.bug_ids`);
  }
}
