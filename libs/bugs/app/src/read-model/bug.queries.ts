import type { AliasOwners, CurrentComment, DependencyEdges } from '@tracker/bugs/domain';
import { preparedQuery, schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';
import type { BugDocument } from './bug-document';

export interface UserName {
  readonly login: string;
  readonly realName: string;
}

export interface CustomFieldDefinition {
  readonly name: string;
  readonly type: number;
}

/** Bugs with the current names of the users they show and the custom fields, from one query. */
export interface BugBundle {
  readonly docs: Map<number, BugDocument>;
  readonly users: Map<number, UserName>;
  readonly customFields: readonly CustomFieldDefinition[];
  /** the bugs that never had flags of their own: their `flags` are `[]` without asking the flags service */
  readonly flagless: ReadonlySet<number>;
}

/** SQL for the `[id, login, real_name]` of every user a bug row `b` shows. */
export function usersOfRow(schema: string): string {
  return `(SELECT coalesce(json_agg(json_build_array(u.id, u.login, u.real_name)), '[]'::json) FROM ${schema}.bug_users u
    WHERE u.id = b.reporter_id OR u.id = b.assignee_id OR u.id = b.qa_contact_id OR u.id = ANY(b.cc_ids))`;
}

export type UserRow = readonly [number, string, string];

export function userNamesOf(rows: ReadonlyArray<{ users: readonly UserRow[] }>): Map<number, UserName> {
  return new Map(rows.flatMap((row) => row.users.map(([id, login, realName]): [number, UserName] => [id, { login, realName }])));
}

/** What the handlers read from the bugs read model; one round trip each, by id lists. */
export class BugQueries {
  private readonly s: string;

  constructor(private readonly dataSource: DataSource) {
    this.s = schemaOf(dataSource);
  }

  async documents(ids: readonly number[]): Promise<Map<number, BugDocument>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ doc: BugDocument }> = await this.dataSource.query(`SELECT doc FROM ${this.s}.bugs WHERE id = ANY($1::int[])`, [
      ids,
    ]);
    return new Map(rows.map((row) => [row.doc.id, row.doc]));
  }

  /** Bugs, the users they show and the installation's custom fields, in one round trip. */
  async bundle(ids: readonly number[]): Promise<BugBundle> {
    type Row = { doc: BugDocument | null; users: UserRow[]; custom_fields: CustomFieldDefinition[]; ever_flagged: boolean | null };
    const rows = await preparedQuery<Row>(
      this.dataSource,
      'bugs.bundle',
      `WITH cf AS MATERIALIZED (
         SELECT coalesce(json_agg(json_build_object('name', name, 'type', type) ORDER BY sort_key, name), '[]'::json) AS fields
         FROM ${this.s}.bug_custom_fields WHERE NOT is_obsolete
       )
       SELECT b.doc, ${usersOfRow(this.s)} AS users, cf.fields AS custom_fields, b.ever_flagged
       FROM cf LEFT JOIN ${this.s}.bugs b ON b.id = ANY($1::int[])`,
      [ids],
    );
    const found = rows.filter((row): row is Row & { doc: BugDocument } => row.doc !== null);
    return {
      docs: new Map(found.map((row) => [row.doc.id, row.doc])),
      users: userNamesOf(found),
      customFields: rows[0]?.custom_fields ?? [],
      flagless: new Set(found.filter((row) => row.ever_flagged === false).map((row) => row.doc.id)),
    };
  }

  /** Bugs by alias, case-insensitively (as on Bugzilla's MySQL). */
  async idsByAlias(aliases: readonly string[]): Promise<Map<string, number>> {
    if (aliases.length === 0) return new Map();
    const rows: Array<{ alias_key: string; bug_id: number }> = await this.dataSource.query(
      `SELECT alias_key, bug_id FROM ${this.s}.bug_aliases WHERE alias_key = ANY($1::text[])`,
      [aliases.map((alias) => alias.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.alias_key, row.bug_id]));
  }

  async aliasOwners(aliases: readonly string[]): Promise<AliasOwners> {
    return this.idsByAlias(aliases);
  }

  async userNames(ids: readonly number[]): Promise<Map<number, UserName>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; login: string; real_name: string }> = await this.dataSource.query(
      `SELECT id, login, real_name FROM ${this.s}.bug_users WHERE id = ANY($1::int[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, { login: row.login, realName: row.real_name }]));
  }

  /** Comments by id as they are now (text, author, privacy now): what a search as of an instant matches comments on. */
  async comments(ids: readonly number[]): Promise<Map<number, CurrentComment>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ comment_id: number; text: string; author_id: number; is_private: boolean }> = await this.dataSource.query(
      `SELECT comment_id, text, author_id, is_private FROM ${this.s}.bug_comments WHERE comment_id = ANY($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.comment_id, { text: row.text, authorId: row.author_id, isPrivate: row.is_private }]));
  }

  async tags(userId: number, bugIds: readonly number[]): Promise<Map<number, string[]>> {
    const rows: Array<{ bug_id: number; tag: string }> = await this.dataSource.query(
      `SELECT bug_id, tag FROM ${this.s}.bug_tags WHERE user_id = $1 AND bug_id = ANY($2::int[]) ORDER BY tag`,
      [userId, bugIds],
    );
    const byBug = new Map<number, string[]>();
    for (const row of rows) byBug.set(row.bug_id, [...(byBug.get(row.bug_id) ?? []), row.tag]);
    return byBug;
  }

  async customFields(): Promise<CustomFieldDefinition[]> {
    return this.dataSource.query(`SELECT name, type FROM ${this.s}.bug_custom_fields WHERE NOT is_obsolete ORDER BY sort_key, name`);
  }

  /**
   * The dependency graph reachable from these bugs in both directions, as
   * `[blocked, dependsOn]` edges: what a loop check needs.
   */
  async dependencyEdges(ids: readonly number[]): Promise<DependencyEdges> {
    if (ids.length === 0) return [];
    const rows: Array<{ blocked: number; depends_on: number }> = await this.dataSource.query(
      `WITH RECURSIVE reach(id) AS (
         SELECT unnest($1::int[])
         UNION
         SELECT n FROM reach r JOIN ${this.s}.bugs b ON b.id = r.id, unnest(b.depends_on || b.blocks) AS n
       )
       SELECT b.id AS blocked, d AS depends_on FROM ${this.s}.bugs b JOIN reach r ON r.id = b.id, unnest(b.depends_on) AS d`,
      [ids],
    );
    return rows.map((row) => [row.blocked, row.depends_on] as const);
  }

  /** The duplicate chain from a bug: each bug and the bug it duplicates. */
  async dupeChain(start: number): Promise<Map<number, number>> {
    const rows: Array<{ id: number; dupe_of: number }> = await this.dataSource.query(
      `WITH RECURSIVE chain(id, dupe_of, depth) AS (
         SELECT id, dupe_of, 0 FROM ${this.s}.bugs WHERE id = $1
         UNION ALL
         SELECT b.id, b.dupe_of, c.depth + 1 FROM chain c JOIN ${this.s}.bugs b ON b.id = c.dupe_of WHERE c.depth < 1000
       )
       SELECT id, dupe_of FROM chain WHERE dupe_of IS NOT NULL`,
      [start],
    );
    return new Map(rows.map((row) => [row.id, row.dupe_of]));
  }

  async openBugIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: number }> = await this.dataSource.query(`SELECT id FROM ${this.s}.bugs WHERE id = ANY($1::int[]) AND is_open`, [
      ids,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  async lastVisits(userId: number, bugIds: readonly number[] | null): Promise<Array<{ bug_id: number; visited_at: Date }>> {
    return bugIds === null
      ? this.dataSource.query(
          `SELECT bug_id, visited_at FROM ${this.s}.bug_last_visits WHERE user_id = $1 ORDER BY visited_at DESC, bug_id LIMIT 20`,
          [userId],
        )
      : this.dataSource.query(
          `SELECT bug_id, visited_at FROM ${this.s}.bug_last_visits WHERE user_id = $1 AND bug_id = ANY($2::int[]) ORDER BY bug_id`,
          [userId, bugIds],
        );
  }
}
