import { type FlagsOfResult, type FlagWire, formatDateTime } from '@tracker/contracts';
import type { DatedFlag } from '@tracker/flags/domain';
import { preparedQuery, schemaOf } from '@tracker/platform/read-model';
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
    const rows = await preparedQuery<FlagRow>(
      this.source,
      'flags.of',
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
    return grouped(rows);
  }

  /**
   * Flags as they were at an instant (folded from the bug streams, docs/as-of.md), shown as
   * the current ones are: the types' current names and order, the users' current logins.
   */
  async flagsAsOf(flags: ReadonlyArray<DatedFlag & { readonly bugId: number }>): Promise<FlagsOfResult> {
    if (flags.length === 0) return { bugs: {}, attachments: {} };
    const s = schemaOf(this.source);
    const column = <T>(pick: (flag: DatedFlag & { readonly bugId: number }) => T): T[] => flags.map(pick);
    const rows: FlagRow[] = await this.source.query(
      `SELECT f.flag_id, f.type_id, f.bug_id, f.attachment_id, t.name, f.status,
              COALESCE(su.login, f.setter_login) AS setter, COALESCE(ru.login, f.requestee_login) AS requestee,
              f.created_at, f.modified_at
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::int[], $7::text[], $8::int[], $9::text[],
                     $10::timestamptz[], $11::timestamptz[])
              AS f(flag_id, type_id, bug_id, attachment_id, status, setter_id, setter_login, requestee_id, requestee_login,
                   created_at, modified_at)
         JOIN ${s}.flag_types t ON t.type_id = f.type_id
         LEFT JOIN ${s}.flag_users su ON su.user_id = f.setter_id
         LEFT JOIN ${s}.flag_users ru ON ru.user_id = f.requestee_id
        ORDER BY t.sort_key, t.name COLLATE "C", f.flag_id`,
      [
        column((f) => f.flagId),
        column((f) => f.type.id),
        column((f) => f.bugId),
        column((f) => f.attachmentId),
        column((f) => f.status),
        column((f) => f.setter.id),
        column((f) => f.setter.login),
        column((f) => f.requestee?.id ?? null),
        column((f) => f.requestee?.login ?? null),
        column((f) => f.createdAt),
        column((f) => f.modifiedAt),
      ],
    );
    return grouped(rows);
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

/** Bug flags by bug, attachment flags by attachment, each list in the rows' order. */
function grouped(rows: readonly FlagRow[]): FlagsOfResult {
  const bugs: Record<string, FlagWire[]> = {};
  const attachments: Record<string, FlagWire[]> = {};
  for (const row of rows) {
    const [into, key] = row.attachment_id === null ? [bugs, row.bug_id] : [attachments, row.attachment_id];
    (into[key] ??= []).push(wireOf(row));
  }
  return { bugs, attachments };
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
