import { Inject, Injectable } from '@nestjs/common';
import { READ_MODEL, type ReadModel, schemaOf } from '@tracker/platform/read-model';
import { COMMENT_COLUMNS, type CommentRow, commentSource } from './comment.row';

/** How many comments of one bug carry one tag (`key` is the tag in lower case). */
export interface TagUse {
  readonly key: string;
  readonly tag: string;
  readonly bugId: number;
  readonly uses: number;
}

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
      `SELECT ${COMMENT_COLUMNS} FROM ${commentSource(this.schema)}
       WHERE c.bug_id = ANY($1::int[]) AND ($2::timestamptz IS NULL OR date_trunc('second', c.created_at) > $2::timestamptz)
         AND ($3::boolean OR NOT c.is_private)
       ORDER BY c.bug_id, c.count`,
      [bugIds, since, withPrivate],
    );
  }

  async byIds(commentIds: readonly number[]): Promise<CommentRow[]> {
    if (commentIds.length === 0) return [];
    return this.readModel.dataSource.query<CommentRow[]>(
      `SELECT ${COMMENT_COLUMNS} FROM ${commentSource(this.schema)}
       WHERE c.comment_id = ANY($1::int[])`,
      [commentIds],
    );
  }

  /**
   * Where the tags containing `fragment` in any case are in use: how many comments of each
   * bug carry each tag (spelled as first used), private comments only when asked for. Who
   * may see which bug is the bugs service's to say, so the caller filters by bug.
   */
  async tagUses(fragment: string, withPrivate: boolean): Promise<TagUse[]> {
    const pattern = `%${fragment.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return this.readModel.dataSource.query<TagUse[]>(
      `SELECT w.tag_key AS "key", w.tag, c.bug_id AS "bugId", count(*)::int AS uses
         FROM ${this.schema}.comments c CROSS JOIN LATERAL unnest(c.tags) AS t(tag)
         JOIN ${this.schema}.comment_tag_weights w ON w.tag_key = lower(t.tag)
        WHERE cardinality(c.tags) > 0 AND lower(t.tag) LIKE $1 ESCAPE '\\' AND ($2::boolean OR NOT c.is_private)
        GROUP BY w.tag_key, w.tag, c.bug_id`,
      [pattern, withPrivate],
    );
  }
}
