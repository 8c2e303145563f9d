import type { AttachmentMutableFields, AttachmentUpdatedData } from '@tracker/contracts';

/** A history row about an attachment (Bugzilla's bugs_activity with attach_id). */
export interface AttachmentRow {
  readonly field: string;
  readonly removed: string;
  readonly added: string;
  readonly attachmentId: number;
}

/** Bugzilla's activity field names, in its `set_all` order of the reply's `changes`. */
export const ATTACHMENT_HISTORY_FIELDS: ReadonlyArray<readonly [keyof AttachmentMutableFields, string, string]> = [
  ['summary', 'attachments.description', 'summary'],
  ['fileName', 'attachments.filename', 'file_name'],
  ['isObsolete', 'attachments.isobsolete', 'is_obsolete'],
  ['isPatch', 'attachments.ispatch', 'is_patch'],
  ['isPrivate', 'attachments.isprivate', 'is_private'],
  ['contentType', 'attachments.mimetype', 'content_type'],
];

const shown = (value: string | boolean | undefined): string => (typeof value === 'boolean' ? (value ? '1' : '0') : (value ?? ''));

/** The rows of an AttachmentUpdated: one per changed field, booleans "1"/"0" (also the reply's `changes`). */
export function attachmentRows(data: Pick<AttachmentUpdatedData, 'attachmentId' | 'changes' | 'before'>): AttachmentRow[] {
  const rows: AttachmentRow[] = [];
  for (const [key, field] of ATTACHMENT_HISTORY_FIELDS) {
    if (!(key in data.changes)) continue;
    const removed = shown(data.before[key]);
    const added = shown(data.changes[key]);
    if (removed !== added) rows.push({ field, removed, added, attachmentId: data.attachmentId });
  }
  return rows;
}

/** The same changes keyed as the update reply names them (`{summary: {removed, added}}`). */
export function attachmentReplyChanges(
  data: Pick<AttachmentUpdatedData, 'attachmentId' | 'changes' | 'before'>,
): Record<string, { removed: string; added: string }> {
  const byField = new Map(ATTACHMENT_HISTORY_FIELDS.map(([, field, reply]) => [field, reply]));
  return Object.fromEntries(
    attachmentRows(data).map((row) => [byField.get(row.field) ?? row.field, { removed: row.removed, added: row.added }]),
  );
}
