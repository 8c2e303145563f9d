import type { EntityManager } from 'typeorm';
import { type BugEvent, BUG_STREAM_PREFIX } from '@tracker/contracts';
import { applyChanges, movesLastChangeTime, roundHours } from '@tracker/bugs/domain';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { IdSequence, type Projection, schemaOf } from '@tracker/platform/read-model';
import type { BugDocument } from './bug-document';
import { bugColumns, BUG_COLUMN_CASTS, BUG_COLUMN_NAMES } from './bug-columns';
import { valuesChunks } from './sql-values';

interface CommentRow {
  readonly commentId: number;
  readonly bugId: number;
  readonly isPrivate: boolean;
  readonly authorId: number;
  readonly text: string;
}

/**
 * Projects every bug stream into `bugs` (document and search columns), `bug_aliases` and
 * `bug_comments`. A batch is folded per bug in memory, then written with one multi-row
 * statement per table; the id sequences are moved past the ids the batch created.
 */
export class BugsProjection implements Projection {
  readonly name = 'bugs';
  readonly streamPrefixes = [BUG_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    const touched = [...new Set(events.map((event) => bugIdOf(event)))];
    // a bug created in this batch has no rows yet: nothing to read, no aliases to delete
    const created = new Set(events.filter((event) => event.type === 'BugCreated').map((event) => bugIdOf(event)));
    const existing = touched.filter((id) => !created.has(id));
    const docs = await loadDocuments(manager, existing);
    const newComments: CommentRow[] = [];
    const privacy: Array<{ commentId: number; isPrivate: boolean }> = [];
    let maxBugId = 0;
    let maxCommentId = 0;
    let maxAttachmentId = 0;
    for (const recorded of events) {
      const event = domainEvent<BugEvent>(recorded);
      const at = recorded.metadata.occurredAt;
      const doc = docs.get(bugIdOf(recorded));
      switch (event.type) {
        case 'BugCreated': {
          const { bugId, reporter, fields, description } = event.data;
          docs.set(bugId, { id: bugId, reporter, fields, creationTime: at, lastChangeTime: at, actualTime: description.workTime });
          newComments.push({
            commentId: description.commentId,
            bugId,
            isPrivate: description.isPrivate,
            authorId: reporter.id,
            text: description.text,
          });
          maxBugId = Math.max(maxBugId, bugId);
          maxCommentId = Math.max(maxCommentId, description.commentId);
          break;
        }
        case 'BugUpdated':
          if (doc) docs.set(doc.id, { ...doc, fields: applyChanges(doc.fields, event.data.changes) });
          break;
        case 'CommentAdded': {
          const { bugId, commentId, isPrivate, author, text, workTime } = event.data;
          if (doc) docs.set(doc.id, { ...doc, actualTime: roundHours(doc.actualTime + workTime) });
          newComments.push({ commentId, bugId, isPrivate, authorId: author.id, text });
          maxCommentId = Math.max(maxCommentId, commentId);
          break;
        }
        case 'AttachmentCreated':
          maxAttachmentId = Math.max(maxAttachmentId, event.data.attachmentId);
          break;
        case 'CommentPrivacyChanged':
          privacy.push({ commentId: event.data.commentId, isPrivate: event.data.isPrivate });
          break;
        case 'AttachmentUpdated':
        case 'FlagsChanged':
          break;
      }
      // the same rule as the as-of fold's (a flag type's reconciliation does not move it)
      const changed = docs.get(bugIdOf(recorded));
      if (changed && movesLastChangeTime(event)) docs.set(changed.id, { ...changed, lastChangeTime: at });
    }
    const written = touched.flatMap((id) => {
      const doc = docs.get(id);
      return doc ? [doc] : [];
    });
    await writeDocuments(manager, s, written);
    await writeAliases(manager, s, written, existing);
    await writeComments(manager, s, newComments, privacy);
    await IdSequence.advanceAllPast(manager, { bug_ids: maxBugId, comment_ids: maxCommentId, attachment_ids: maxAttachmentId });
  }
}

function bugIdOf(event: RecordedEvent): number {
  return Number(event.streamName.slice(BUG_STREAM_PREFIX.length));
}

async function loadDocuments(manager: EntityManager, ids: readonly number[]): Promise<Map<number, BugDocument>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ doc: BugDocument }> = await manager.query(
    `SELECT doc FROM ${schemaOf(manager.connection)}.bugs WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.doc.id, row.doc]));
}

async function writeDocuments(manager: EntityManager, s: string, docs: readonly BugDocument[]): Promise<void> {
  const updates = BUG_COLUMN_NAMES.filter((name) => name !== 'id').map((name) => `${name} = EXCLUDED.${name}`);
  for (const chunk of valuesChunks(docs.map(bugColumns), BUG_COLUMN_CASTS)) {
    await manager.query(
      `INSERT INTO ${s}.bugs (${BUG_COLUMN_NAMES.join(', ')}) VALUES ${chunk.placeholders}
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
      chunk.parameters,
    );
  }
}

async function writeAliases(manager: EntityManager, s: string, docs: readonly BugDocument[], existing: readonly number[]): Promise<void> {
  if (existing.length > 0) await manager.query(`DELETE FROM ${s}.bug_aliases WHERE bug_id = ANY($1::int[])`, [existing]);
  const rows = docs.flatMap((doc) => doc.fields.alias.map((alias) => [alias.toLowerCase(), alias, doc.id]));
  for (const chunk of valuesChunks(rows)) {
    await manager.query(
      `INSERT INTO ${s}.bug_aliases (alias_key, alias, bug_id) VALUES ${chunk.placeholders}
       ON CONFLICT (alias_key) DO UPDATE SET alias = EXCLUDED.alias, bug_id = EXCLUDED.bug_id`,
      chunk.parameters,
    );
  }
}

async function writeComments(
  manager: EntityManager,
  s: string,
  comments: readonly CommentRow[],
  privacy: ReadonlyArray<{ commentId: number; isPrivate: boolean }>,
): Promise<void> {
  const rows = comments.map((c) => [c.commentId, c.bugId, c.isPrivate, c.authorId, c.text]);
  for (const chunk of valuesChunks(rows)) {
    await manager.query(
      `INSERT INTO ${s}.bug_comments (comment_id, bug_id, is_private, author_id, text) VALUES ${chunk.placeholders}
       ON CONFLICT (comment_id) DO NOTHING`,
      chunk.parameters,
    );
  }
  for (const change of privacy) {
    await manager.query(`UPDATE ${s}.bug_comments SET is_private = $2 WHERE comment_id = $1`, [change.commentId, change.isPrivate]);
  }
}
