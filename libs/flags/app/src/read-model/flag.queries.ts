import { type FlagsOfResult, type FlagWire, formatDateTime } from '@tracker/contracts';
import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

interface FlagRow {
  flag_id: number;
  type_id: number;
  bug_id: number;
  attachment_id: number | null;
  name: string;
  status: string;
  setter: string;
  requestee: string | null;
  created_at: Date | string;
  modified_at: Date | string;
}

/** Reads of the current flags: one query over flags, their types and the users' current logins. */
export class FlagQueries {
  constructor(private readonly source: DataSource) {}

  /** The flags of these bugs (not of their attachments) and of these attachments, each list in flag order (docs/flags.md §4). */
  async flagsOf(bugIds: readonly number[], attachmentIds: readonly number[]): Promise<FlagsOfResult> {
    if (bugIds.length === 0 && attachmentIds.length === 0) return { bugs: {}, attachments: {} };
    const s = schemaOf(this.source);
    const rows: FlagRow[] = await this.source.query(
      `SELECT f.flag_id, f.type_id, f.bug_id, f.attachment_id, t.name, f.status,
              COALESCE(su.login, f.setter_login) AS setter, COALESCE(ru.login, f.requestee_login) AS requestee,
              f.created_at, f.modified_at
         FROM ${s}.flags f
         JOIN ${s}.flag_types t ON t.type_id = f.type_id
         LEFT JOIN ${s}.flag_users su ON su.user_id = f.setter_id
         LEFT JOIN ${s}.flag_users ru ON ru.user_id = f.requestee_id
        WHERE (f.attachment_id IS NULL AND f.bug_id = ANY($1::int[])) OR (f.attachment_id IS NOT NULL AND f.attachment_id = ANY($2::int[]))
        ORDER BY t.sort_key, t.name COLLATE "C", f.flag_id`,
      [bugIds, attachmentIds],
    );
    const bugs: Record<string, FlagWire[]> = {};
    const attachments: Record<string, FlagWire[]> = {};
    for (const row of rows) {
      const [into, key] = row.attachment_id === null ? [bugs, row.bug_id] : [attachments, row.attachment_id];
      (into[key] ??= []).push(wireOf(row));
    }
    return { bugs, attachments };
  }

  /** Bugs holding a flag of one of these types (the reconciler's work list). */
  async bugsWithTypes(typeIds: readonly number[]): Promise<number[]> {
    const rows: Array<{ bug_id: number }> = await this.source.query(
      `SELECT DISTINCT bug_id FROM ${schemaOf(this.source)}.flags WHERE type_id = ANY($1::int[]) ORDER BY bug_id`,
      [typeIds],
    );
    return rows.map((row) => row.bug_id);
  }
}

function wireOf(row: FlagRow): FlagWire {
  return {
    id: row.flag_id,
    name: row.name,
    type_id: row.type_id,
    creation_date: formatDateTime(row.created_at),
    modification_date: formatDateTime(row.modified_at),
    status: row.status,
    setter: row.setter,
    ...(row.requestee !== null ? { requestee: row.requestee } : {}),
  };
}
