import { Inject, Injectable } from '@nestjs/common';
import { READ_MODEL, type ReadModel, schemaOf } from '@tracker/platform/read-model';

/** An attachment as the read model holds it, with its creator's current login and real name; times in the wire form. */
export interface AttachmentRow {
  readonly id: number;
  readonly bugId: number;
  readonly fileName: string;
  readonly summary: string;
  readonly contentType: string;
  readonly isPrivate: boolean;
  readonly isObsolete: boolean;
  readonly isPatch: boolean;
  readonly creationTime: string;
  readonly lastChangeTime: string;
  readonly creatorId: number;
  readonly creator: string;
  readonly creatorRealName: string;
  readonly size: number;
  readonly sha256: string;
}

const WIRE_TIME = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const COLUMNS = `t.attachment_id AS id, t.bug_id AS "bugId", t.file_name AS "fileName", t.summary, t.content_type AS "contentType",
  t.is_private AS "isPrivate", t.is_obsolete AS "isObsolete", t.is_patch AS "isPatch",
  to_char(t.created_at AT TIME ZONE 'UTC', ${WIRE_TIME}) AS "creationTime",
  to_char(t.last_change_at AT TIME ZONE 'UTC', ${WIRE_TIME}) AS "lastChangeTime",
  t.creator_id AS "creatorId", COALESCE(a.login, t.creator_login) AS creator, COALESCE(a.real_name, '') AS "creatorRealName",
  t.size::int AS size, t.sha256`;

/** The attachment reads of the comments read model: one SQL query each (docs/attachments.md §7). */
@Injectable()
export class AttachmentQueries {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  private get schema(): string {
    return schemaOf(this.readModel.dataSource);
  }

  private from(): string {
    return `${this.schema}.attachments t LEFT JOIN ${this.schema}.comment_authors a ON a.user_id = t.creator_id`;
  }

  /** The attachments of these bugs by id; private ones only for insiders and their creator. */
  async ofBugs(bugIds: readonly number[], callerId: number | null, insider: boolean): Promise<AttachmentRow[]> {
    if (bugIds.length === 0) return [];
    return this.readModel.dataSource.query<AttachmentRow[]>(
      `SELECT ${COLUMNS} FROM ${this.from()}
        WHERE t.bug_id = ANY($1::int[]) AND (NOT t.is_private OR $2::boolean OR t.creator_id = $3::int)
        ORDER BY t.bug_id, t.attachment_id`,
      [bugIds, insider, callerId],
    );
  }

  /** These attachments, whatever their privacy (the caller decides 304); unknown ids are left out. */
  async byIds(ids: readonly number[]): Promise<AttachmentRow[]> {
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    if (valid.length === 0) return [];
    return this.readModel.dataSource.query<AttachmentRow[]>(
      `SELECT ${COLUMNS} FROM ${this.from()} WHERE t.attachment_id = ANY($1::int[]) ORDER BY t.attachment_id`,
      [valid],
    );
  }

  /** Which of these hashes some attachment names (the sweeper keeps those). */
  async referenced(hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await this.readModel.dataSource.query<Array<{ sha256: string }>>(
      `SELECT DISTINCT sha256 FROM ${this.schema}.attachments WHERE sha256 = ANY($1::char(64)[])`,
      [hashes],
    );
    return new Set(rows.map((row) => row.sha256));
  }
}
