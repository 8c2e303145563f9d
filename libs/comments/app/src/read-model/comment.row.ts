/** A comment as the read model holds it, with its author's current login. */
export interface CommentRow {
  readonly commentId: number;
  readonly bugId: number;
  readonly count: number;
  readonly creator: string;
  /** Bugzilla's wire form (`YYYY-MM-DDTHH:MM:SSZ`), formatted by PostgreSQL: a bug's 500 comments parse no dates */
  readonly time: string;
  readonly body: string;
  readonly addedText: string | null;
  readonly isPrivate: boolean;
  readonly isMarkdown: boolean;
  readonly attachmentId: number | null;
  readonly creationTags: readonly string[];
  readonly tags: readonly string[];
}

/** The columns of a CommentRow, for `SELECT ${COMMENT_COLUMNS} FROM comments c LEFT JOIN comment_authors a ...`. */
export const COMMENT_COLUMNS = `c.comment_id AS "commentId", c.bug_id AS "bugId", c.count, COALESCE(a.login, c.author_login) AS creator,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time, c.body, c.added_text AS "addedText", c.is_private AS "isPrivate", c.is_markdown AS "isMarkdown",
  c.attachment_id AS "attachmentId", c.creation_tags AS "creationTags", c.tags`;
