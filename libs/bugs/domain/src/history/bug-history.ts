import { type BugEvent, formatDateTime } from '@tracker/contracts';
import { type BugState, evolveBug } from '../bug/bug.state';
import { attachmentRows } from './attachment-rows';
import { flagRows } from './flag-rows';
import { type FieldChange, formatChanges, workTimeChange } from './format-changes';

type Row = FieldChange & { readonly attachmentId?: number };

/** A bug event with the time it happened (from its metadata). */
export interface DatedBugEvent {
  readonly event: BugEvent;
  readonly occurredAt: string;
}

export interface HistoryEntry {
  readonly when: string;
  readonly who: string;
  readonly changes: ReadonlyArray<{
    readonly field_name: string;
    readonly removed: string;
    readonly added: string;
    readonly attachment_id?: number;
  }>;
}

/** Who reads the history decides which rows they see. */
export interface HistoryReader {
  readonly timetracker: boolean;
  readonly insider: boolean;
}

const TIME_TRACKING = new Set(['estimated_time', 'remaining_time', 'work_time', 'actual_time']);

/**
 * Bugzilla's Bug.history, read from the bug's own events: one entry per user and second,
 * in time order; no rows for the creation itself; time tracking only for the
 * time-tracking group; comments made private shown only to insiders; `newSince` is
 * strictly after.
 */
export function buildHistory(events: readonly DatedBugEvent[], reader: HistoryReader, newSince: string | null): HistoryEntry[] {
  const since = newSince === null ? null : Date.parse(newSince);
  const entries: Array<{ when: string; who: string; changes: Row[] }> = [];
  // rows about an attachment that is private now are for insiders only, whatever they say (Bugzilla)
  const privateNow = reader.insider ? new Set<number>() : privateAttachments(events);
  let state: BugState = { exists: false };
  for (const { event, occurredAt } of events) {
    const rows = rowsOf(state, event);
    state = evolveBug(state, event);
    const visible = rows.filter(
      (row) =>
        (reader.timetracker || !TIME_TRACKING.has(row.field)) &&
        (reader.insider || row.field !== 'longdescs.isprivate' || row.added !== '1') &&
        (row.attachmentId === undefined || !privateNow.has(row.attachmentId)),
    );
    if (visible.length === 0 || (since !== null && Date.parse(occurredAt) <= since)) continue;
    const when = formatDateTime(occurredAt);
    const who = whoOf(event);
    const last = entries[entries.length - 1];
    if (last && last.when === when && last.who === who) last.changes.push(...visible);
    else entries.push({ when, who, changes: [...visible] });
  }
  return entries.map((entry) => ({
    when: entry.when,
    who: entry.who,
    changes: entry.changes.map((row) => ({
      field_name: row.field,
      removed: row.removed,
      added: row.added,
      ...(row.attachmentId === undefined ? {} : { attachment_id: row.attachmentId }),
    })),
  }));
}

function privateAttachments(events: readonly DatedBugEvent[]): Set<number> {
  const hidden = new Set<number>();
  for (const { event } of events) {
    if (event.type !== 'AttachmentCreated' && event.type !== 'AttachmentUpdated') continue;
    if (event.data.isPrivate) hidden.add(event.data.attachmentId);
    else hidden.delete(event.data.attachmentId);
  }
  return hidden;
}

function rowsOf(state: BugState, event: BugEvent): Row[] {
  switch (event.type) {
    case 'BugCreated':
      return [];
    case 'BugUpdated':
      return state.exists ? formatChanges(state.fields, event.data.changes, false) : [];
    case 'CommentAdded':
      return event.data.workTime !== 0 ? [workTimeChange(event.data.workTime)] : [];
    case 'CommentPrivacyChanged':
      return [{ field: 'longdescs.isprivate', removed: event.data.isPrivate ? '0' : '1', added: event.data.isPrivate ? '1' : '0' }];
    case 'AttachmentCreated':
      return [];
    case 'AttachmentUpdated':
      return attachmentRows(event.data);
    case 'FlagsChanged':
      return flagRows(event.data);
  }
}

function whoOf(event: BugEvent): string {
  switch (event.type) {
    case 'BugCreated':
      return event.data.reporter.login;
    case 'BugUpdated':
      return event.data.changedBy.login;
    case 'CommentAdded':
      return event.data.author.login;
    case 'CommentPrivacyChanged':
    case 'AttachmentUpdated':
    case 'FlagsChanged':
      return event.data.changedBy.login;
    case 'AttachmentCreated':
      return event.data.creator.login;
  }
}
