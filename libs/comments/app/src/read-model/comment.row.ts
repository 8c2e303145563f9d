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
  /** 'created' / 'updated' for an attachment's note, with the attachment's current summary */
  readonly attachmentNote: 'created' | 'updated' | null;
  readonly attachmentSummary: string | null;
  readonly creationTags: readonly string[];
  readonly tags: readonly string[];
}

/** The columns of a CommentRow, for `SELECT ${COMMENT_COLUMNS} FROM ${commentSource(schema)}`. */
export const COMMENT_COLUMNS = `c.comment_id AS "commentId", c.bug_id AS "bugId", c.count, COALESCE(a.login, c.author_login) AS creator,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time, c.body, c.added_text AS "addedText", c.is_private AS "isPrivate", c.is_markdown AS "isMarkdown",
  c.attachment_id AS "attachmentId", c.attachment_note AS "attachmentNote", att.summary AS "attachmentSummary",
  c.creation_tags AS "creationTags", c.tags`;

/** Comments with their authors' current logins and the summaries of the attachments they are notes of. */
export const commentSource = (schema: string): string =>
  `${schema}.comments c LEFT JOIN ${schema}.comment_authors a ON a.user_id = c.author_id
   LEFT JOIN ${schema}.attachments att ON c.attachment_note IS NOT NULL AND att.attachment_id = c.attachment_id`;
