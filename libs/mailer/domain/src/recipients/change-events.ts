import type { BugMailChange } from '../change/bug-mail-change';
import { eventOfField } from '../change/mail-fields';
import type { BugMailEvent, MailRelationship } from '../preferences/mail-events';

/**
 * The events a change holds for one user in one relationship (Bugzilla's wants_bug_mail):
 * each field's event, `comment` and `attachment` for comments, `bug-created` and a role on a
 * new bug, and `added-removed` when the change moved the user's own role.
 */
export function changeEvents(change: BugMailChange, userId: number, relationship: MailRelationship): ReadonlySet<BugMailEvent> {
  const events = new Set<BugMailEvent>(change.fields.map((field) => eventOfField(field.field)));
  if (change.comments.length > 0) events.add('comment');
  if (change.comments.some((comment) => comment.createsAttachment)) events.add('attachment');
  if (change.isNew) events.add('bug-created');
  if (ownRoleChanged(change, userId, relationship)) events.add('added-removed');
  return events;
}

function ownRoleChanged(change: BugMailChange, userId: number, relationship: MailRelationship): boolean {
  if (change.isNew && (relationship === 'AssignedTo' || relationship === 'QAcontact' || relationship === 'CC')) return true;
  return change.fields.some(
    (field) =>
      (field.field === 'assigned_to' && relationship === 'AssignedTo') ||
      (field.field === 'qa_contact' && relationship === 'QAcontact') ||
      (field.field === 'cc' && field.userIds !== undefined && [...field.userIds.added, ...field.userIds.removed].includes(userId)),
  );
}
