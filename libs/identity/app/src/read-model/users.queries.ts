import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/** A row of `users` as the handlers read it. */
export interface UserRow {
  readonly id: number;
  readonly login: string;
  readonly real_name: string;
  readonly email_enabled: boolean;
  readonly disabled_text: string;
  readonly direct_group_ids: number[];
  readonly bless_group_ids: number[];
  readonly group_ids: number[];
  readonly group_names: string[];
}

/** Bugzilla's LIST_ORDER for users (by login), byte-wise so that PGlite and any server collation agree */
const LOGIN_ORDER = 'ORDER BY lower(login) COLLATE "C", login COLLATE "C"';

const COLUMNS = 'id, login, real_name, email_enabled, disabled_text, direct_group_ids, bless_group_ids, group_ids, group_names';

export type MatchMode = 'wildcard' | 'exact' | 'substring';

/** Reads of `users`; logins compare case-insensitively, lists come in login order (Bugzilla's LIST_ORDER). */
export class UserQueries {
  constructor(private readonly source: DataSource) {}

  private get users(): string {
    return `${schemaOf(this.source)}.users`;
  }

  byIds(ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.source.query(`SELECT ${COLUMNS} FROM ${this.users} WHERE id = ANY($1::int[]) ${LOGIN_ORDER}`, [ids]);
  }

  byLogins(logins: readonly string[]): Promise<UserRow[]> {
    if (logins.length === 0) return Promise.resolve([]);
    return this.source.query(`SELECT ${COLUMNS} FROM ${this.users} WHERE lower(login) = ANY($1::text[]) ${LOGIN_ORDER}`, [
      logins.map((login) => login.toLowerCase()),
    ]);
  }

  async byLogin(login: string): Promise<UserRow | undefined> {
    return (await this.byLogins([login]))[0];
  }

  async byId(id: number): Promise<UserRow | undefined> {
    return (await this.byIds([id]))[0];
  }

  /** Bugzilla's User::match steps: `*` wildcards, the exact login, or a substring of login or real name. */
  match(text: string, mode: MatchMode, limit: number, excludeDisabled: boolean): Promise<UserRow[]> {
    const enabled = excludeDisabled ? `AND disabled_text = ''` : '';
    switch (mode) {
      case 'wildcard': {
        const pattern = text.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');
        return this.source.query(
          `SELECT ${COLUMNS} FROM ${this.users} WHERE (lower(login) LIKE lower($1) OR lower(real_name) LIKE lower($1)) ${enabled} ${LOGIN_ORDER} LIMIT $2`,
          [pattern, limit],
        );
      }
      case 'exact':
        // Bugzilla: an exact match does not care whether the account is disabled
        return this.source.query(`SELECT ${COLUMNS} FROM ${this.users} WHERE lower(login) = lower($1)`, [text]);
      case 'substring':
        return this.source.query(
          `SELECT ${COLUMNS} FROM ${this.users}
            WHERE (strpos(lower(login), lower($1)) > 0 OR strpos(lower(real_name), lower($1)) > 0) ${enabled}
            ${LOGIN_ORDER} LIMIT $2`,
          [text, limit],
        );
    }
  }

  /** Everybody in the group, directly, by regexp or inherited. */
  membersOf(groupId: number): Promise<UserRow[]> {
    return this.source.query(`SELECT ${COLUMNS} FROM ${this.users} WHERE group_ids @> ARRAY[$1::int] ${LOGIN_ORDER}`, [groupId]);
  }
}
