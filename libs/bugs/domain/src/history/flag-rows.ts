import { type FlagsChangedData, flagChangeSummaries } from '@tracker/contracts';
import type { FieldChange } from './format-changes';

/**
 * The history row of one FlagsChanged (docs/bug-stream-writes.md §5): `flagtypes.name` with
 * the summaries removed and added (a multiset difference, in flag order), `attachment_id` for
 * an attachment's flags. Changes made by a flag type's reconciliation add no row, as in
 * Bugzilla; a change that summarises the same before and after adds none either.
 */
export function flagRows(data: FlagsChangedData): FieldChange[] {
  const changes = data.changes.filter((change) => change.reason !== 'flag-type-changed');
  if (changes.length === 0) return [];
  const { removed, added } = flagChangeSummaries(changes);
  if (removed === '' && added === '') return [];
  return [{ field: 'flagtypes.name', removed, added, ...(data.attachmentId !== null ? { attachmentId: data.attachmentId } : {}) }];
}

/** Whether a FlagsChanged moves the bug's `last_change_time`: every change but a reconciliation's does. */
export function flagsChangeTouchesBug(data: FlagsChangedData): boolean {
  return data.changes.some((change) => change.reason !== 'flag-type-changed');
}
