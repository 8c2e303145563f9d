import type { EntityManager } from 'typeorm';
import {
  BUG_STREAM_PREFIX,
  type BugEvent,
  COMMENT_TAGS_STREAM_PREFIX,
  type CommentFacts,
  type CommentTagsEvent,
  USER_STREAM_PREFIX,
  type UserEvent,
  type UserRef,
} from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import {
  type BatchStatement,
  type BatchStatementContext,
  NOTHING_TO_WRITE,
  type Projection,
  schemaOf,
  valuesChunks,
} from '@tracker/platform/read-model';
import { insertAttachment, touchAttachmentFlags, updateAttachment } from './attachments.projection';
import { countTagsAdded, countTagsRemoved } from './tag-weights.sql';

/**
 * Comments of the bug streams, tag changes of the comment-tag streams and logins of the
 * user streams, in one projection so that they apply in global order: a user's login is
 * in place before their first comment, a comment before its first tag change.
 */
export class CommentsProjection implements Projection {
  readonly name = 'comments';
  readonly streamPrefixes = [BUG_STREAM_PREFIX, COMMENT_TAGS_STREAM_PREFIX, USER_STREAM_PREFIX];
  /** the reply of every write waits for it: one WAL flush less (projection.ts) */
  readonly asynchronousCommit = true;

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) await applyEvent(domainEvent<ProjectedEvent>(recorded), recorded, manager);
  }

  /** New bugs' descriptions and plain comments (no tags, no attachment note): one multi-row INSERT. */
  batchStatement(events: readonly RecordedEvent[], context: BatchStatementContext): BatchStatement | undefined {
    const rows: unknown[][] = [];
    for (const recorded of events) {
      const event = domainEvent<ProjectedEvent>(recorded);
      if (event.type === 'BugCreated' && event.data.description.tags.length === 0) {
        rows.push(commentRow(event.data.bugId, event.data.description, event.data.reporter, recorded));
      } else if (event.type === 'CommentAdded' && event.data.tags.length === 0 && event.data.attachmentNote === null) {
        rows.push(commentRow(event.data.bugId, event.data, event.data.author, recorded));
      } else {
        return undefined;
      }
    }
    const [chunk, more] = valuesChunks(rows, [], context.taken);
    if (!chunk) return NOTHING_TO_WRITE;
    if (more) return undefined;
    return { ctes: [`w0 AS (${insertCommentsSql(context.schema, chunk.placeholders)})`], selects: [], parameters: chunk.parameters };
  }
}

/** The events of the streams this projection reads; it applies some of each. */
type ProjectedEvent = BugEvent | CommentTagsEvent | UserEvent;

async function applyEvent(event: ProjectedEvent, recorded: RecordedEvent, manager: EntityManager): Promise<void> {
  const schema = schemaOf(manager.connection);
  switch (event.type) {
    case 'BugCreated':
      return insertComment(manager, event.data.bugId, event.data.description, event.data.reporter, recorded);
    case 'CommentAdded':
      await insertComment(manager, event.data.bugId, event.data, event.data.author, recorded);
      if (event.data.attachmentNote !== null) {
        await manager.query(`UPDATE ${schema}.comments SET attachment_note = $2 WHERE comment_id = $1`, [
          event.data.commentId,
          event.data.attachmentNote,
        ]);
      }
      return;
    case 'AttachmentCreated':
      return insertAttachment(manager, event.data, recorded);
    case 'AttachmentUpdated':
      return updateAttachment(manager, event.data, recorded);
    case 'FlagsChanged':
      return touchAttachmentFlags(manager, event.data, recorded);
    case 'CommentPrivacyChanged':
      await manager.query(`UPDATE ${schema}.comments SET is_private = $2 WHERE comment_id = $1`, [
        event.data.commentId,
        event.data.isPrivate,
      ]);
      return;
    case 'CommentTagsUpdated':
      await manager.query(`UPDATE ${schema}.comments SET tags = $2 WHERE comment_id = $1`, [event.data.commentId, event.data.tags]);
      await countTagsAdded(manager, event.data.added);
      await countTagsRemoved(manager, event.data.removed);
      return;
    case 'UserCreated':
      await setLogin(manager, event.data.userId, event.data.login);
      return setRealName(manager, event.data.userId, event.data.realName);
    case 'UserRealNameChanged': {
      const userId = Number(recorded.streamName.slice(USER_STREAM_PREFIX.length));
      if (Number.isSafeInteger(userId)) await setRealName(manager, userId, event.data.realName);
      return;
    }
    case 'UserLoginChanged': {
      const userId = Number(recorded.streamName.slice(USER_STREAM_PREFIX.length));
      if (Number.isSafeInteger(userId)) await setLogin(manager, userId, event.data.login);
      return;
    }
    // nothing this read model keeps
    case 'BugUpdated':
    case 'UserPasswordSet':
    case 'UserMailPreferenceChanged':
    case 'UserLoginDenied':
    case 'UserLoginAllowed':
    case 'UserGroupsChanged':
    case 'UserBlessGroupsChanged':
      return;
  }
}

/** The author is named in the event with the login it had then; reads prefer the current login (comment_authors). */
async function insertComment(
  manager: EntityManager,
  bugId: number,
  facts: CommentFacts,
  author: UserRef,
  event: RecordedEvent,
): Promise<void> {
  const [chunk] = valuesChunks([commentRow(bugId, facts, author, event)]);
  if (chunk) await manager.query(insertCommentsSql(schemaOf(manager.connection), chunk.placeholders), chunk.parameters);
  await countTagsAdded(manager, facts.tags);
}

function commentRow(bugId: number, facts: CommentFacts, author: UserRef, event: RecordedEvent): unknown[] {
  return [
    facts.commentId,
    bugId,
    facts.count,
    author.id,
    author.login,
    event.metadata.occurredAt,
    facts.text,
    facts.addedText,
    facts.isPrivate,
    facts.isMarkdown,
    facts.attachmentId,
    facts.workTime,
    facts.tags,
    facts.tags,
  ];
}

/** `values`: rows of `commentRow`, the tags twice (the creation's tags are kept apart from the current ones) */
function insertCommentsSql(schema: string, values: string): string {
  return `INSERT INTO ${schema}.comments
            (comment_id, bug_id, count, author_id, author_login, created_at, body, added_text, is_private, is_markdown,
             attachment_id, work_time, creation_tags, tags)
          VALUES ${values}
          ON CONFLICT (comment_id) DO NOTHING`;
}

async function setRealName(manager: EntityManager, userId: number, realName: string): Promise<void> {
  await manager.query(`UPDATE ${schemaOf(manager.connection)}.comment_authors SET real_name = $2 WHERE user_id = $1`, [
    userId,
    realName.slice(0, 255),
  ]);
}

async function setLogin(manager: EntityManager, userId: number, login: string): Promise<void> {
  await manager.query(
    `INSERT INTO ${schemaOf(manager.connection)}.comment_authors (user_id, login) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET login = EXCLUDED.login`,
    [userId, login],
  );
}
