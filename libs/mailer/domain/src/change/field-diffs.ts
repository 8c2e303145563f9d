import type { AttachmentUpdatedData, BugChanges, BugListFields, BugScalarFields, FlagsChangedData } from '@tracker/contracts';
import { flagChangeSummaries } from '@tracker/contracts';
import type { MailAttachmentRef, MailFieldChange } from './bug-mail-change';
import { ATTACHMENT_FIELD_NAMES, FLAG_FIELD_NAME, LIST_FIELD_NAMES, SCALAR_FIELD_NAMES } from './mail-fields';

/** How a value reads in a mail: users by login, named objects by name, booleans as Bugzilla's 1/0. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item: unknown) => valueText(item)).join(', ');
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object' && 'login' in value && typeof value.login === 'string') return value.login;
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return '';
}

const row = (field: string, removed: string | null, added: string, attachment: MailAttachmentRef | null = null): MailFieldChange => ({
  field,
  removed,
  added,
  attachment,
});

/**
 * A BugUpdated's changes as diff rows: scalars and custom fields (the old value from
 * `before`, the bug's values folded up to this event; null where the mailer never saw one),
 * list deltas.
 */
export function bugFieldDiffs(changes: BugChanges, before: Readonly<Record<string, string>>): MailFieldChange[] {
  const rows: MailFieldChange[] = [];
  for (const [key, name] of Object.entries(SCALAR_FIELD_NAMES)) {
    if (key in changes) rows.push(row(name, before[name] ?? null, valueText(changes[key as keyof BugScalarFields])));
  }
  for (const [key, name] of Object.entries(LIST_FIELD_NAMES)) {
    const delta = changes[key as keyof BugListFields];
    if (!delta) continue;
    const diff = row(name, valueText(delta.removed), valueText(delta.added));
    rows.push(key === 'cc' ? { ...diff, userIds: { added: ids(delta.added), removed: ids(delta.removed) } } : diff);
  }
  for (const [name, value] of Object.entries(changes.customFields ?? {})) rows.push(row(name, before[name] ?? null, valueText(value)));
  return rows;
}

function ids(users: readonly unknown[]): number[] {
  return users.map((user) => (user as { id: number }).id);
}

export function attachmentFieldDiffs(data: AttachmentUpdatedData): MailFieldChange[] {
  const attachment = { id: data.attachmentId, isPrivate: data.isPrivate };
  return Object.entries(ATTACHMENT_FIELD_NAMES).flatMap(([key, name]) => {
    const field = key as keyof typeof ATTACHMENT_FIELD_NAMES;
    if (!(field in data.changes)) return [];
    return [row(name, valueText(data.before[field]), valueText(data.changes[field]), attachment)];
  });
}

/** A target's flag changes as one `flagtypes.name` row (Bugzilla's summaries, diffed as a multiset). */
export function flagFieldDiff(data: FlagsChangedData): MailFieldChange[] {
  const { removed, added } = flagChangeSummaries(data.changes);
  if (removed === '' && added === '') return [];
  const attachment = data.attachmentId === null ? null : { id: data.attachmentId, isPrivate: data.attachmentIsPrivate === true };
  return [row(FLAG_FIELD_NAME, removed, added, attachment)];
}
