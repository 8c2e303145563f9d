import type { ActivityUserWire, FlagActivityEntryWire } from '@tracker/contracts';
import type { FlagActivityQuery } from '@tracker/flags/domain';
import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

interface ActivityRow {
  activity_id: number;
  flag_id: number;
  bug_id: number;
  attachment_id: number | null;
  occurred_at: Date | string;
  status: string;
  setter_id: number;
  setter_login: string | null;
  setter_name: string | null;
  requestee_id: number | null;
  requestee_login: string | null;
  requestee_name: string | null;
  type_id: number;
  type_name: string;
  description: string;
  target_type: 'bug' | 'attachment';
  is_active: boolean;
  is_multiplicable: boolean;
  is_requesteeble: boolean;
}

/** Flag activity in activity order, one page of candidates at a time (visibility is judged by the caller of this). */
export class ActivityQueries {
  constructor(private readonly source: DataSource) {}

  /** Entries matching the query with ids above `afterId`, oldest first, at most `count`. */
  async page(query: FlagActivityQuery, afterId: number, count: number): Promise<Array<FlagActivityEntryWire & { bugId: number }>> {
    const s = schemaOf(this.source);
    const where: string[] = ['a.activity_id > $1'];
    const values: unknown[] = [afterId];
    const add = (condition: (placeholder: string) => string, value: unknown): void => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (query.flagIds) add((p) => `a.flag_id = ANY(${p}::int[])`, query.flagIds.filter(isDatabaseId));
    if (query.typeIds) add((p) => `a.type_id = ANY(${p}::int[])`, query.typeIds.filter(isDatabaseId));
    if (query.requesteeId !== null) add((p) => `a.requestee_id = ${p}`, query.requesteeId);
    if (query.setterId !== null) add((p) => `a.setter_id = ${p}`, query.setterId);
    if (query.bugId !== null) add((p) => `a.bug_id = ${p}`, isDatabaseId(query.bugId) ? query.bugId : 0);
    if (query.status !== null) add((p) => `a.status = ${p}`, query.status);
    if (query.after !== null) add((p) => `a.occurred_at >= ${p}`, query.after);
    if (query.before !== null) add((p) => `a.occurred_at < ${p}`, query.before);
    values.push(count);
    const rows: ActivityRow[] = await this.source.query(
      `SELECT a.activity_id, a.flag_id, a.bug_id, a.attachment_id, a.occurred_at, a.status,
              a.setter_id, su.login AS setter_login, su.real_name AS setter_name,
              a.requestee_id, ru.login AS requestee_login, ru.real_name AS requestee_name,
              t.type_id, t.name AS type_name, t.description, t.target_type, t.is_active, t.is_multiplicable, t.is_requesteeble
         FROM ${s}.flag_activity a
         JOIN ${s}.flag_types t ON t.type_id = a.type_id
         LEFT JOIN ${s}.flag_users su ON su.user_id = a.setter_id
         LEFT JOIN ${s}.flag_users ru ON ru.user_id = a.requestee_id
        WHERE ${where.join(' AND ')}
        ORDER BY a.activity_id
        LIMIT $${values.length}`,
      values,
    );
    return rows.map(entryOf);
  }
}

const isDatabaseId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1;

function entryOf(row: ActivityRow): FlagActivityEntryWire & { bugId: number } {
  const user = (id: number, login: string | null, realName: string | null): ActivityUserWire => ({
    id,
    name: login ?? '',
    real_name: realName ?? '',
    nick: (login ?? '').split('@')[0] ?? '',
  });
  return {
    bugId: row.bug_id,
    id: row.activity_id,
    flag_id: row.flag_id,
    bug_id: row.bug_id,
    attachment_id: row.attachment_id,
    creation_time: new Date(row.occurred_at).toISOString().slice(0, 19).replace('T', ' '),
    status: row.status,
    setter: user(row.setter_id, row.setter_login, row.setter_name),
    ...(row.requestee_id !== null ? { requestee: user(row.requestee_id, row.requestee_login, row.requestee_name) } : {}),
    type: {
      id: row.type_id,
      name: row.type_name,
      description: row.description,
      type: row.target_type,
      is_active: row.is_active,
      is_multiplicable: row.is_multiplicable,
      is_requesteeble: row.is_requesteeble,
    },
  };
}
