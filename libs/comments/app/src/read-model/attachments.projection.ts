import type { EntityManager } from 'typeorm';
import type { AttachmentCreatedData, AttachmentUpdatedData, FlagsChangedData } from '@tracker/contracts';
import type { RecordedEvent } from '@tracker/platform/event-store';
import { schemaOf } from '@tracker/platform/read-model';

/**
 * The attachment rows of the comments read model (docs/attachments.md §7), applied by the
 * comments projection in the bug streams' order, so an attachment's row is in place before
 * its comment. Idempotent: a replayed creation changes nothing.
 */
export async function insertAttachment(manager: EntityManager, data: AttachmentCreatedData, event: RecordedEvent): Promise<void> {
  await manager.query(
    `INSERT INTO ${schemaOf(manager.connection)}.attachments
       (attachment_id, bug_id, creator_id, creator_login, file_name, summary, content_type, is_patch, is_private, is_obsolete,
        size, sha256, created_at, last_change_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $11, $12, $12)
     ON CONFLICT (attachment_id) DO NOTHING`,
    [
      data.attachmentId,
      data.bugId,
      data.creator.id,
      data.creator.login,
      data.fileName,
      data.summary,
      data.contentType,
      data.isPatch,
      data.isPrivate,
      data.size,
      data.sha256,
      event.metadata.occurredAt,
    ],
  );
}

const COLUMNS: ReadonlyArray<readonly [keyof AttachmentUpdatedData['changes'], string]> = [
  ['fileName', 'file_name'],
  ['summary', 'summary'],
  ['contentType', 'content_type'],
  ['isPatch', 'is_patch'],
  ['isPrivate', 'is_private'],
  ['isObsolete', 'is_obsolete'],
];

export async function updateAttachment(manager: EntityManager, data: AttachmentUpdatedData, event: RecordedEvent): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [data.attachmentId, event.metadata.occurredAt];
  for (const [key, column] of COLUMNS) {
    if (data.changes[key] === undefined) continue;
    values.push(data.changes[key]);
    sets.push(`${column} = $${values.length}`);
  }
  await manager.query(
    `UPDATE ${schemaOf(manager.connection)}.attachments SET ${[...sets, 'last_change_at = $2'].join(', ')} WHERE attachment_id = $1`,
    values,
  );
}

/**
 * A change of an attachment's flags moves its `last_change_at` (docs/attachments.md §7),
 * unless every change is a flag type's reconciliation (Bugzilla logs and dates none of those).
 */
export async function touchAttachmentFlags(manager: EntityManager, data: FlagsChangedData, event: RecordedEvent): Promise<void> {
  if (data.attachmentId === null || data.changes.every((change) => change.reason === 'flag-type-changed')) return;
  await manager.query(`UPDATE ${schemaOf(manager.connection)}.attachments SET last_change_at = $2 WHERE attachment_id = $1`, [
    data.attachmentId,
    event.metadata.occurredAt,
  ]);
}
