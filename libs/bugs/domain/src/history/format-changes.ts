import type { BugChanges, BugFields, CustomFieldValue, UserRef } from '@tracker/contracts';

/** One changed field as Bugzilla reports it: API name, removed and added as strings. */
export interface FieldChange {
  readonly field: string;
  readonly removed: string;
  readonly added: string;
  /** history rows about an attachment (its flags) */
  readonly attachmentId?: number;
}

const LIST_SEPARATOR = ', ';
const flag = (value: boolean): string => (value ? '1' : '0');
const login = (user: UserRef | null): string => user?.login ?? '';
/** Stored hours read back as the database formats them (decimal(7,2)): "4.50". */
const storedHours = (hours: number): string => hours.toFixed(2);
/** New hours as given: "3", "4.5". */
const givenHours = (hours: number): string => String(hours);

const customText = (value: CustomFieldValue | undefined): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(LIST_SEPARATOR) : String(value);

/**
 * The `changes` of an update and the rows of the history, from the fields before and
 * the change set: booleans "1"/"0", lists as the items added and removed joined by ", ",
 * users by login, hours removed as stored ("4.50") and added as given ("3").
 * `dupe_of` appears in an update's changes but not in the history (Bugzilla's activity
 * table does not log it); `withDupeOf` chooses.
 */
export function formatChanges(before: BugFields, changes: BugChanges, withDupeOf: boolean): FieldChange[] {
  const rows: FieldChange[] = [];
  const scalar = (field: string, removed: string, added: string): void => {
    if (removed !== added) rows.push({ field, removed, added });
  };
  const c = changes;
  if (c.product) scalar('product', before.product.name, c.product.name);
  if (c.component) scalar('component', before.component.name, c.component.name);
  if (c.version !== undefined) scalar('version', before.version, c.version);
  if (c.targetMilestone !== undefined) scalar('target_milestone', before.targetMilestone, c.targetMilestone);
  if (c.summary !== undefined) scalar('summary', before.summary, c.summary);
  if (c.status !== undefined) scalar('status', before.status, c.status);
  if (c.resolution !== undefined) scalar('resolution', before.resolution, c.resolution);
  if (c.isConfirmed !== undefined) scalar('is_confirmed', flag(before.isConfirmed), flag(c.isConfirmed));
  if (c.dupeOf !== undefined && withDupeOf) scalar('dupe_of', String(before.dupeOf ?? ''), String(c.dupeOf ?? ''));
  if (c.priority !== undefined) scalar('priority', before.priority, c.priority);
  if (c.severity !== undefined) scalar('severity', before.severity, c.severity);
  if (c.platform !== undefined) scalar('platform', before.platform, c.platform);
  if (c.opSys !== undefined) scalar('op_sys', before.opSys, c.opSys);
  if (c.url !== undefined) scalar('url', before.url, c.url);
  if (c.whiteboard !== undefined) scalar('whiteboard', before.whiteboard, c.whiteboard);
  if (c.assignee) scalar('assigned_to', login(before.assignee), login(c.assignee));
  if (c.qaContact !== undefined) scalar('qa_contact', login(before.qaContact), login(c.qaContact));
  if (c.isCcAccessible !== undefined) scalar('is_cc_accessible', flag(before.isCcAccessible), flag(c.isCcAccessible));
  if (c.isCreatorAccessible !== undefined) scalar('is_creator_accessible', flag(before.isCreatorAccessible), flag(c.isCreatorAccessible));
  if (c.deadline !== undefined) scalar('deadline', before.deadline ?? '', c.deadline ?? '');
  if (c.estimatedTime !== undefined) scalar('estimated_time', storedHours(before.estimatedTime), givenHours(c.estimatedTime));
  if (c.remainingTime !== undefined) scalar('remaining_time', storedHours(before.remainingTime), givenHours(c.remainingTime));
  const list = <T>(field: string, delta: { added: readonly T[]; removed: readonly T[] } | undefined, show: (item: T) => string): void => {
    if (delta)
      rows.push({ field, removed: delta.removed.map(show).join(LIST_SEPARATOR), added: delta.added.map(show).join(LIST_SEPARATOR) });
  };
  list('alias', c.alias, String);
  list('keywords', c.keywords, String);
  list('see_also', c.seeAlso, String);
  list('groups', c.groups, (group) => group.name);
  list('blocks', c.blocks, String);
  list('depends_on', c.dependsOn, String);
  list('cc', c.cc, (user) => user.login);
  for (const [name, value] of Object.entries(c.customFields ?? {})) {
    const old = before.customFields[name];
    if (Array.isArray(value) || Array.isArray(old)) {
      const was = (Array.isArray(old) ? old : []) as readonly string[];
      const now = (Array.isArray(value) ? value : []) as readonly string[];
      rows.push({
        field: name,
        removed: was.filter((v) => !now.includes(v)).join(LIST_SEPARATOR),
        added: now.filter((v) => !was.includes(v)).join(LIST_SEPARATOR),
      });
    } else {
      scalar(name, customText(old), customText(value));
    }
  }
  return rows;
}

/** Work time as the history logs it (from the comment's hours, as stored: "1.50"). */
export function workTimeChange(hours: number): FieldChange {
  return { field: 'work_time', removed: '', added: storedHours(hours) };
}
