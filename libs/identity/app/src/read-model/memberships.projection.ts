import { MembershipRules } from '@tracker/identity/domain';
import { schemaOf } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';

/**
 * Effective memberships (`users.group_ids`, and their names in `group_names`) depend on
 * logins, direct memberships, group names and regexps, and group-in-group grants. Appliers mark what a batch touched; `flush` then
 * recomputes those users once, after the whole batch (a replay of many group events
 * recomputes everybody once, not once per event).
 */
export class MembershipUpdates {
  private readonly users = new Set<number>();
  private everybody = false;

  user(id: number): void {
    this.users.add(id);
  }

  all(): void {
    this.everybody = true;
  }

  async flush(manager: EntityManager): Promise<void> {
    if (!this.everybody && this.users.size === 0) return;
    const s = schemaOf(manager.connection);
    const groups: Array<{ id: number; name: string; user_regexp: string; member_group_ids: number[] }> = await manager.query(
      `SELECT id, name, user_regexp, member_group_ids FROM ${s}.groups`,
    );
    const rules = new MembershipRules(groups.map((g) => ({ id: g.id, userRegexp: g.user_regexp, memberGroupIds: g.member_group_ids })));
    const names = new Map(groups.map((group) => [group.id, group.name]));
    type Row = { id: number; login: string; direct_group_ids: number[]; group_ids: number[]; group_names: string[] };
    const columns = 'id, login, direct_group_ids, group_ids, group_names';
    const users: Row[] = this.everybody
      ? await manager.query(`SELECT ${columns} FROM ${s}.users`)
      : await manager.query(`SELECT ${columns} FROM ${s}.users WHERE id = ANY($1::int[])`, [[...this.users]]);
    const changed = users.flatMap((user) => {
      const ids = rules.effectiveGroups(user.login, user.direct_group_ids);
      const groupNames = ids.map((id) => names.get(id) ?? '');
      return same(ids, user.group_ids) && same(groupNames, user.group_names) ? [] : [{ id: user.id, ids, groupNames }];
    });
    if (changed.length === 0) return;
    // arrays of arrays do not bind as parameters: each row's lists travel as JSON text
    await manager.query(
      `UPDATE ${s}.users AS u
          SET group_ids = ARRAY(SELECT e::int FROM jsonb_array_elements_text(v.ids::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n),
              group_names = ARRAY(SELECT e FROM jsonb_array_elements_text(v.names::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n)
         FROM unnest($1::int[], $2::text[], $3::text[]) AS v(id, ids, names) WHERE u.id = v.id`,
      [changed.map((c) => c.id), changed.map((c) => JSON.stringify(c.ids)), changed.map((c) => JSON.stringify(c.groupNames))],
    );
  }
}

function same<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
