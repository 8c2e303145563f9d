import { COMMENT_TAGS_STREAM_PREFIX } from '@tracker/comments/domain';
import { BUG_STREAM_PREFIX, type CommentFacts, USER_STREAM_PREFIX, type UserRef } from '@tracker/contracts';
import type { RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import { type ProjectedEventData, isProjectedEventType } from './projected-events';
import { countTagsAdded, countTagsRemoved } from './tag-weights.sql';

/**
 * Comments of the bug streams, tag changes of the comment-tag streams and logins of the
 * user streams, in one projection so that they apply in global order: a user's login is
 * in place before their first comment, a comment before its first tag change.
 */
export class CommentsProjection implements Projection {
  readonly name = 'comments';
  readonly streamPrefixes = [BUG_STREAM_PREFIX, COMMENT_TAGS_STREAM_PREFIX, USER_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const event of events) {
      if (isProjectedEventType(event.type)) await applyEvent(event, manager);
    }
  }
}

async function applyEvent(event: RecordedEvent, manager: EntityManager): Promise<void> {
  const schema = schemaOf(manager.connection);
  switch (event.type) {
    case 'BugCreated': {
      const data = event.data as ProjectedEventData['BugCreated'];
      return insertComment(manager, data.bugId, data.description, data.reporter, event);
    }
    case 'CommentAdded': {
      const data = event.data as ProjectedEventData['CommentAdded'];
      return insertComment(manager, data.bugId, data, data.author, event);
    }
    case 'CommentPrivacyChanged': {
      const data = event.data as ProjectedEventData['CommentPrivacyChanged'];
      await manager.query(`UPDATE ${schema}.comments SET is_private = $2 WHERE comment_id = $1`, [data.commentId, data.isPrivate]);
      return;
    }
    case 'CommentTagsUpdated': {
      const data = event.data as ProjectedEventData['CommentTagsUpdated'];
      await manager.query(`UPDATE ${schema}.comments SET tags = $2 WHERE comment_id = $1`, [data.commentId, data.tags]);
      await countTagsAdded(manager, data.added);
      await countTagsRemoved(manager, data.removed);
      return;
    }
    case 'UserCreated': {
      const data = event.data as ProjectedEventData['UserCreated'];
      return setLogin(manager, data.userId, data.login);
    }
    case 'UserLoginChanged': {
      const userId = Number(event.streamName.slice(USER_STREAM_PREFIX.length));
      if (Number.isSafeInteger(userId)) await setLogin(manager, userId, (event.data as ProjectedEventData['UserLoginChanged']).login);
      return;
    }
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
  await manager.query(
    `INSERT INTO ${schemaOf(manager.connection)}.comments
       (comment_id, bug_id, count, author_id, author_login, created_at, body, added_text, is_private, is_markdown,
        attachment_id, work_time, creation_tags, tags)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     ON CONFLICT (comment_id) DO NOTHING`,
    [
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
    ],
  );
  await countTagsAdded(manager, facts.tags);
}

async function setLogin(manager: EntityManager, userId: number, login: string): Promise<void> {
  await manager.query(
    `INSERT INTO ${schemaOf(manager.connection)}.comment_authors (user_id, login) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET login = EXCLUDED.login`,
    [userId, login],
  );
}
