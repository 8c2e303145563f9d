import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity's read model. Memberships are denormalised onto users: `direct_group_ids` as the
 * events say, `group_ids` the effective set (regexps and group-in-group grants applied) and
 * `group_names` their names in the same order, so that authentication is one indexed join. `login_failures` is throttling state, written
 * directly and not from events (see docs/identity.md): a rebuild empties it.
 */
export class CreateIdentityTables1764000000000 implements MigrationInterface {
  readonly name = 'CreateIdentityTables1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    for (const sequence of ['user_ids', 'group_ids', 'api_key_ids', 'login_token_ids']) {
      await runner.query(`CREATE SEQUENCE ${s}.${sequence}`);
    }
    await runner.query(`
      CREATE TABLE ${s}.users (
        id integer PRIMARY KEY,
        login text NOT NULL,
        real_name text NOT NULL,
        password_hash text,
        email_enabled boolean NOT NULL DEFAULT true,
        disabled_text text NOT NULL DEFAULT '',
        direct_group_ids integer[] NOT NULL DEFAULT '{}',
        bless_group_ids integer[] NOT NULL DEFAULT '{}',
        group_ids integer[] NOT NULL DEFAULT '{}',
        group_names text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX users_login_key ON ${s}.users (lower(login))`);
    await runner.query(`CREATE INDEX users_group_ids ON ${s}.users USING gin (group_ids)`);
    await runner.query(`
      CREATE TABLE ${s}.groups (
        id integer PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        is_bug_group boolean NOT NULL,
        user_regexp text NOT NULL,
        is_active boolean NOT NULL,
        icon_url text,
        member_group_ids integer[] NOT NULL,
        bless_group_ids integer[] NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX groups_name_key ON ${s}.groups (lower(name))`);
    await runner.query(`
      CREATE TABLE ${s}.api_keys (
        id integer PRIMARY KEY,
        user_id integer NOT NULL,
        key_hash text NOT NULL,
        description text NOT NULL,
        revoked boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX api_keys_hash_key ON ${s}.api_keys (key_hash)`);
    await runner.query(`CREATE INDEX api_keys_user ON ${s}.api_keys (user_id)`);
    await runner.query(`
      CREATE TABLE ${s}.login_tokens (
        id integer PRIMARY KEY,
        user_id integer NOT NULL,
        token_hash text NOT NULL,
        ip text,
        issued_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX login_tokens_hash_key ON ${s}.login_tokens (token_hash)`);
    await runner.query(`CREATE INDEX login_tokens_user ON ${s}.login_tokens (user_id)`);
    await runner.query(`CREATE TABLE ${s}.login_failures (user_id integer, ip text NOT NULL, failed_at timestamptz NOT NULL)`);
    await runner.query(`CREATE INDEX login_failures_account ON ${s}.login_failures (user_id, ip, failed_at)`);
    await runner.query(`CREATE INDEX login_failures_address ON ${s}.login_failures (ip, failed_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    for (const table of ['login_failures', 'login_tokens', 'api_keys', 'groups', 'users']) await runner.query(`DROP TABLE ${s}.${table}`);
    for (const sequence of ['user_ids', 'group_ids', 'api_key_ids', 'login_token_ids'])
      await runner.query(`DROP SEQUENCE ${s}.${sequence}`);
  }
}
