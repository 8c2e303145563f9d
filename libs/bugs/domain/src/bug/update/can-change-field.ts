import { type Privilege, Privileges } from '../../bugs.errors';
import type { LoggedInActor } from '../../rules/actor';

/** What Bugzilla's check_can_change_field looks at besides the field. */
export interface ChangeContext {
  readonly actor: LoggedInActor;
  readonly reporterId: number;
  readonly assigneeIds: readonly number[];
  readonly qaContactIds: readonly number[];
  readonly isConfirmed: boolean;
  readonly letSubmitterChoosePriority: boolean;
  readonly isOpenStatus: (status: string) => boolean;
}

const TIME_TRACKING = new Set(['estimated_time', 'remaining_time', 'work_time', 'actual_time', 'deadline']);

export type FieldValue = string | number | boolean | null | readonly (string | number)[];

function same(field: string, before: FieldValue, after: FieldValue): boolean {
  if (Array.isArray(before) && Array.isArray(after)) {
    const a = new Set(before.map(String));
    const b = new Set(after.map(String));
    return a.size === b.size && [...a].every((item) => b.has(item));
  }
  const text = (value: FieldValue): string => (value === null ? '' : String(value)).trim();
  if (text(before) === text(after)) return true;
  return TIME_TRACKING.has(field) && field !== 'deadline' && Number(before) === Number(after);
}

/**
 * Bugzilla's check_can_change_field (reference §6.5), in its order: no change is always
 * allowed; comments and flags are; time tracking needs timetracker; editbugs may change
 * anything; confirming needs canconfirm; the assignee and QA contact may change the rest;
 * the reporter all but a few fields. Returns null when allowed, else the privilege needed.
 * `field` is Bugzilla's internal name (bug_status, everconfirmed, ...).
 */
export function privilegeNeeded(context: ChangeContext, field: string, before: FieldValue, after: FieldValue): Privilege | null {
  if (same(field, before, after)) return null;
  if (field.startsWith('longdesc') || field === 'flagtypes.name') return null;
  const { actor } = context;
  if (TIME_TRACKING.has(field) && !actor.timetracker) return Privileges.empowered;
  if (actor.editbugs) return null;
  if (changesConfirmation(context, field, String(after))) return actor.canconfirm ? null : Privileges.empowered;
  const userId = actor.user.id;
  if (context.assigneeIds.includes(userId) || context.qaContactIds.includes(userId)) return null;
  if (['assigned_to', 'qa_contact', 'target_milestone', 'everconfirmed'].includes(field)) return Privileges.assignee;
  if (field === 'priority' && !context.letSubmitterChoosePriority) return Privileges.assignee;
  if (field === 'bug_status' && context.isOpenStatus(String(before)) && context.isOpenStatus(String(after))) return Privileges.assignee;
  return context.reporterId === userId ? null : Privileges.reporter;
}

function changesConfirmation(context: ChangeContext, field: string, after: string): boolean {
  if (field === 'everconfirmed') return true;
  if (field !== 'bug_status') return false;
  return context.isConfirmed ? after === 'UNCONFIRMED' : context.isOpenStatus(after) && after !== 'UNCONFIRMED';
}
