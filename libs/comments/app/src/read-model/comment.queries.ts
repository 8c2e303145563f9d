import { Inject, Injectable } from '@nestjs/common';
import { READ_MODEL, type ReadModel, schemaOf } from '@tracker/platform/read-model';
import { COMMENT_COLUMNS, type CommentRow } from './comment.row';

/** The comments read model's reads: plain SQL, one round trip each. */
@Injectable()
export class CommentQueries {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  private get schema(): string {
    return schemaOf(this.readModel.dataSource);
  }

  /**
   * Every comment of these bugs, oldest first; `since` keeps those strictly after it at
   * Bugzilla's whole-second precision; private ones only when asked for.
   */
  async ofBugs(bugIds: readonly number[], since: string | null, withPrivate: boolean): Promise<CommentRow[]> {
    if (bugIds.length === 0) return [];
    return this.readModel.dataSource.query<CommentRow[]>(
      `SELECT ${COMMENT_COLUMNS} FROM ${this.schema}.comments c LEFT JOIN ${this.schema}.comment_authors a ON a.user_id = c.author_id
       WHERE c.bug_id = ANY($1::int[]) AND ($2::timestamptz IS NULL OR date_trunc('second', c.created_at) > $2::timestamptz)
         AND ($3::boolean OR NOT c.is_private)
       ORDER BY c.bug_id, c.count`,
      [bugIds, since, withPrivate],
    );
  }

  async byIds(commentIds: readonly number[]): Promise<CommentRow[]> {
    if (commentIds.length === 0) return [];
    return this.readModel.dataSource.query<CommentRow[]>(
      `SELECT ${COMMENT_COLUMNS} FROM ${this.schema}.comments c LEFT JOIN ${this.schema}.comment_authors a ON a.user_id = c.author_id
       WHERE c.comment_id = ANY($1::int[])`,
      [commentIds],
    );
  }

  /** Tags containing `fragment` in any case, most used first, then alphabetically. */
  async searchTags(fragment: string, limit: number): Promise<string[]> {
    const pattern = `%${fragment.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const rows: Array<{ tag: string }> = await this.readModel.dataSource.query(
      `SELECT tag FROM ${this.schema}.comment_tag_weights WHERE tag_key LIKE $1 ESCAPE '\\' ORDER BY weight DESC, tag_key LIMIT $2`,
      [pattern, limit],
    );
    return rows.map((row) => row.tag);
  }
}
