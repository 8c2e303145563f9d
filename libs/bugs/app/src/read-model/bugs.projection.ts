import type { EntityManager } from 'typeorm';
import { type BugEvent, BUG_STREAM_PREFIX } from '@tracker/contracts';
import { applyChanges, movesLastChangeTime, roundHours } from '@tracker/bugs/domain';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import {
  type BatchStatement,
  type BatchStatementContext,
  IdSequence,
  MAX_STATEMENT_PARAMETERS,
  type Projection,
  schemaOf,
  type ValuesChunk,
  valuesChunks,
} from '@tracker/platform/read-model';
import type { BugDocument } from './bug-document';
import { bugColumns, BUG_COLUMN_CASTS, BUG_COLUMN_NAMES } from './bug-columns';

interface CommentRow {
  readonly commentId: number;
  readonly bugId: number;
  readonly isPrivate: boolean;
  readonly authorId: number;
  readonly text: string;
}

/** What a batch of events makes of the bugs it touches, before anything is written. */
interface FoldedBatch {
  /** the touched bugs' documents after the batch */
  readonly docs: readonly BugDocument[];
  readonly newComments: readonly CommentRow[];
  readonly privacy: ReadonlyArray<{ commentId: number; isPrivate: boolean }>;
  /** the highest id of each sequence the batch used */
  readonly ids: Readonly<Record<string, number>>;
  /** the bugs given flags of their own in the batch (the column `ever_flagged`, which stays true once set) */
  readonly flagged: ReadonlySet<number>;
}

/**
 * Projects every bug stream into `bugs` (document and search columns), `bug_aliases` and
 * `bug_comments`. A batch is folded per bug in memory, then written with one multi-row
 * statement per table; the id sequences are moved past the ids the batch created. A batch
 * of new bugs only (every create's reply waits for one) is a single statement, which the
 * runner joins to its checkpoint's move (`batchStatement`).
 */
export class BugsProjection implements Projection {
  readonly name = 'bugs';
  readonly streamPrefixes = [BUG_STREAM_PREFIX];
  /** the reply of every write waits for it: one WAL flush less (projection.ts) */
  readonly asynchronousCommit = true;

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    const existing = existingBugs(events);
    const batch = foldBatch(events, await loadDocuments(manager, existing));
    const statement = existing.length === 0 ? newBugsStatement(s, batch, 0) : undefined;
    if (statement) {
      const { ctes, selects, parameters } = statement;
      await manager.query(`${ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : ''}SELECT ${selects.join(', ') || '1'}`, [...parameters]);
      return;
    }
    await writeDocuments(manager, s, batch);
    await writeAliases(manager, s, batch.docs, existing);
    await writeComments(manager, s, batch.newComments, batch.privacy);
    await IdSequence.advanceAllPast(manager, batch.ids);
  }

  batchStatement(events: readonly RecordedEvent[], context: BatchStatementContext): BatchStatement | undefined {
    return existingBugs(events).length === 0 ? newBugsStatement(context.schema, foldBatch(events, new Map()), context.taken) : undefined;
  }
}

/** The bugs a batch touches without creating them: their documents are read before the fold. */
function existingBugs(events: readonly RecordedEvent[]): number[] {
  const created = new Set(events.filter((event) => event.type === 'BugCreated').map((event) => bugIdOf(event)));
  return [...new Set(events.map((event) => bugIdOf(event)))].filter((id) => !created.has(id));
}

function foldBatch(events: readonly RecordedEvent[], docs: Map<number, BugDocument>): FoldedBatch {
  const touched = [...new Set(events.map((event) => bugIdOf(event)))];
  const newComments: CommentRow[] = [];
  const privacy: Array<{ commentId: number; isPrivate: boolean }> = [];
  const flagged = new Set<number>();
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
      case 'FlagsChanged':
        if (event.data.attachmentId === null) flagged.add(event.data.bugId);
        break;
      case 'AttachmentUpdated':
        break;
    }
    // the same rule as the as-of fold's (a flag type's reconciliation does not move it)
    const changed = docs.get(bugIdOf(recorded));
    if (changed && movesLastChangeTime(event)) docs.set(changed.id, { ...changed, lastChangeTime: at });
  }
  return {
    docs: touched.flatMap((id) => {
      const doc = docs.get(id);
      return doc ? [doc] : [];
    }),
    newComments,
    privacy,
    ids: { bug_ids: maxBugId, comment_ids: maxCommentId, attachment_ids: maxAttachmentId },
    flagged,
  };
}

/**
 * New bugs, their aliases and comments and the id sequences as one statement (one round
 * trip instead of four), its parameters numbered after `after`; undefined when the batch
 * changes a comment's privacy or a table needs more than one chunk (a large replay), which
 * then go table by table.
 */
function newBugsStatement(s: string, batch: FoldedBatch, after: number): BatchStatement | undefined {
  if (batch.privacy.length > 0) return undefined;
  const parameters: unknown[] = [];
  const ctes: string[] = [];
  const add = (chunks: ValuesChunk[], sql: (placeholders: string) => string): boolean => {
    const [chunk, more] = chunks;
    if (more) return false;
    if (!chunk) return true;
    ctes.push(`w${ctes.length} AS (${sql(chunk.placeholders)} RETURNING 1)`);
    parameters.push(...chunk.parameters);
    return true;
  };
  const written =
    add(valuesChunks(documentRows(batch), BUG_COLUMN_CASTS, after), (values) => documentsSql(s, values)) &&
    add(valuesChunks(aliasRows(batch.docs), [], after + parameters.length), (values) => aliasesSql(s, values)) &&
    add(valuesChunks(commentRows(batch.newComments), [], after + parameters.length), (values) => commentsSql(s, values));
  const sequences = IdSequence.advanceAllPastSql(s, batch.ids, after + parameters.length);
  if (sequences) parameters.push(...sequences.parameters);
  if (!written || after + parameters.length > MAX_STATEMENT_PARAMETERS) return undefined;
  return { ctes, selects: sequences ? [sequences.sql] : [], parameters };
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

async function writeDocuments(manager: EntityManager, s: string, batch: FoldedBatch): Promise<void> {
  for (const chunk of valuesChunks(documentRows(batch), BUG_COLUMN_CASTS)) {
    await manager.query(documentsSql(s, chunk.placeholders), chunk.parameters);
  }
}

/** The `bugs` rows of the batch's documents: their columns, then `ever_flagged` */
function documentRows(batch: FoldedBatch): unknown[][] {
  return batch.docs.map((doc) => [...bugColumns(doc), batch.flagged.has(doc.id)]);
}

function documentsSql(s: string, values: string): string {
  const updates = BUG_COLUMN_NAMES.filter((name) => name !== 'id').map((name) => `${name} = EXCLUDED.${name}`);
  return `INSERT INTO ${s}.bugs AS bug (${BUG_COLUMN_NAMES.join(', ')}, ever_flagged) VALUES ${values}
          ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}, ever_flagged = bug.ever_flagged OR EXCLUDED.ever_flagged`;
}

async function writeAliases(manager: EntityManager, s: string, docs: readonly BugDocument[], existing: readonly number[]): Promise<void> {
  if (existing.length > 0) await manager.query(`DELETE FROM ${s}.bug_aliases WHERE bug_id = ANY($1::int[])`, [existing]);
  for (const chunk of valuesChunks(aliasRows(docs))) {
    await manager.query(aliasesSql(s, chunk.placeholders), chunk.parameters);
  }
}

function aliasRows(docs: readonly BugDocument[]): unknown[][] {
  return docs.flatMap((doc) => doc.fields.alias.map((alias) => [alias.toLowerCase(), alias, doc.id]));
}

function aliasesSql(s: string, values: string): string {
  return `INSERT INTO ${s}.bug_aliases (alias_key, alias, bug_id) VALUES ${values}
          ON CONFLICT (alias_key) DO UPDATE SET alias = EXCLUDED.alias, bug_id = EXCLUDED.bug_id`;
}

async function writeComments(
  manager: EntityManager,
  s: string,
  comments: readonly CommentRow[],
  privacy: ReadonlyArray<{ commentId: number; isPrivate: boolean }>,
): Promise<void> {
  for (const chunk of valuesChunks(commentRows(comments))) {
    await manager.query(commentsSql(s, chunk.placeholders), chunk.parameters);
  }
  for (const change of privacy) {
    await manager.query(`UPDATE ${s}.bug_comments SET is_private = $2 WHERE comment_id = $1`, [change.commentId, change.isPrivate]);
  }
}

function commentRows(comments: readonly CommentRow[]): unknown[][] {
  return comments.map((c) => [c.commentId, c.bugId, c.isPrivate, c.authorId, c.text]);
}

function commentsSql(s: string, values: string): string {
  return `INSERT INTO ${s}.bug_comments (comment_id, bug_id, is_private, author_id, text) VALUES ${values}
          ON CONFLICT (comment_id) DO NOTHING`;
}
