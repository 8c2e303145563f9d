import { BugErrors } from '../../bugs.errors';
import { findValue } from '../../rules/bug-rules';
import { sortList } from '../bug-lists';
import { findUser } from '../bug.facts';
import { checkUser } from '../fields/people';
import { ok } from '../refusal';
import type { ListEdit } from './update-bug.command';
import type { UpdateDraft } from './update-draft';

const ASSIGNEE = { internal: 'assigned_to', api: 'assigned_to' } as const;
const QA_CONTACT = { internal: 'qa_contact', api: 'qa_contact' } as const;

/** Bugzilla's _check_assigned_to on update: never empty, an existing user. */
export function setAssignee(draft: UpdateDraft, login: string): void {
  if (login.trim() === '') draft.refuseWith(BugErrors.reassignToEmpty());
  draft.set('assignee', ASSIGNEE, ok(checkUser(draft.command.users, login)));
}

/** Bugzilla's _check_qa_contact on update: empty clears it. */
export function setQaContact(draft: UpdateDraft, login: string): void {
  draft.set('qaContact', QA_CONTACT, login.trim() === '' ? null : ok(checkUser(draft.command.users, login)));
}

/** reset_assigned_to / reset_qa_contact: back to the (possibly new) component's defaults. */
export function resetPeople(draft: UpdateDraft, assignee: boolean, qaContact: boolean): void {
  const component = findValue(draft.product.components, draft.fields.component.name);
  if (!component) return;
  if (assignee) draft.set('assignee', ASSIGNEE, component.defaultAssignee);
  if (qaContact) draft.set('qaContact', QA_CONTACT, component.defaultQaContact);
}

/**
 * Bugzilla's add_cc / remove_cc: anyone who may edit the bug adds people (unknown logins
 * are 51 here); removing someone else needs editbugs or being the assignee or QA contact.
 */
export function editCc(draft: UpdateDraft, edit: ListEdit): void {
  const { users, actor } = draft.command;
  let cc = [...draft.fields.cc];
  for (const login of (edit.add ?? []).filter((raw) => raw.trim() !== '')) {
    const user = ok(checkUser(users, login));
    if (!cc.some((current) => current.id === user.id)) cc.push(user);
  }
  const mayRemoveOthers = actor.editbugs || draft.fields.assignee.id === actor.user.id || draft.fields.qaContact?.id === actor.user.id;
  for (const login of (edit.remove ?? []).filter((raw) => raw.trim() !== '')) {
    const user = findUser(users, login) ?? draft.refuseWith(BugErrors.objectDoesNotExist('user', login.trim()));
    if (!mayRemoveOthers && user.id !== actor.user.id) draft.refuseWith(BugErrors.ccRemoveDenied());
    cc = cc.filter((current) => current.id !== user.id);
  }
  draft.setList('cc', sortList('cc', cc));
}
