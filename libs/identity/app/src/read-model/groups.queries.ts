import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/** A row of `groups` as the handlers read it. */
export interface GroupRow {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly is_bug_group: boolean;
  readonly user_regexp: string;
  readonly is_active: boolean;
  readonly icon_url: string | null;
  readonly member_group_ids: number[];
  readonly bless_group_ids: number[];
}

const COLUMNS = 'id, name, description, is_bug_group, user_regexp, is_active, icon_url, member_group_ids, bless_group_ids';
/** Bugzilla's Group LIST_ORDER (system groups first, then by name), byte-wise so every server sorts alike */
const ORDER = 'ORDER BY is_bug_group, lower(name) COLLATE "C", name COLLATE "C"';

export class GroupQueries {
  constructor(private readonly source: DataSource) {}

  private get groups(): string {
    return `${schemaOf(this.source)}.groups`;
  }

  all(): Promise<GroupRow[]> {
    return this.source.query(`SELECT ${COLUMNS} FROM ${this.groups} ${ORDER}`);
  }

  byIds(ids: readonly number[]): Promise<GroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.source.query(`SELECT ${COLUMNS} FROM ${this.groups} WHERE id = ANY($1::int[]) ${ORDER}`, [ids]);
  }

  byNames(names: readonly string[]): Promise<GroupRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.source.query(`SELECT ${COLUMNS} FROM ${this.groups} WHERE lower(name) = ANY($1::text[]) ${ORDER}`, [
      names.map((name) => name.toLowerCase()),
    ]);
  }

  async byName(name: string): Promise<GroupRow | undefined> {
    return (await this.byNames([name]))[0];
  }
}
