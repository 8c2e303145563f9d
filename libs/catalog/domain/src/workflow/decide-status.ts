import type { DomainError, CatalogRef, StatusChanges, WorkflowEvent } from '@tracker/contracts';
import { CatalogErrors, SMALLINT } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, findByName, trimmed } from '../shared/names';
import type { AddStatus, UpdateStatus } from './workflow.commands';
import { type StatusState, type WorkflowState, findTransition } from './workflow.state';

export const STATUS_FIELD = 'Status';
/** Words Bugzilla's workflow code uses for itself (SPECIAL_STATUS_WORKFLOW_ACTIONS). */
const RESERVED = ['none', 'duplicate', 'change_resolution', 'clearresolution'];

export const ref = (status: StatusState): CatalogRef => ({ id: status.id, name: status.name });

/** A new status; as Bugzilla does, it may at once become a duplicate (move to the duplicate status). */
export function decideAddStatus(command: AddStatus, state: WorkflowState): readonly WorkflowEvent[] | DomainError {
  const name = checkName(command.name, state, null);
  if (typeof name !== 'string') return name;
  if (!validSortKey(command.sortKey)) return CatalogErrors.fieldValueSortkeyInvalid(command.sortKey, STATUS_FIELD);
  const added: StatusState = { id: command.statusId, name, isOpen: command.isOpen, sortKey: command.sortKey, isActive: command.isActive };
  const events: WorkflowEvent[] = [
    { type: 'StatusAdded', data: { statusId: added.id, name, isOpen: added.isOpen, sortKey: added.sortKey, isActive: added.isActive } },
  ];
  const duplicate = state.statuses.find((s) => s.id === state.duplicateStatusId);
  if (duplicate) events.push({ type: 'TransitionSet', data: { from: ref(added), to: ref(duplicate), commentRequired: false } });
  return events;
}

/** UNCONFIRMED and the duplicate status mean something to bugs: they keep their names and stay active. */
export function decideUpdateStatus(command: UpdateStatus, state: WorkflowState): readonly WorkflowEvent[] | DomainError {
  const status = state.statuses.find((s) => s.id === command.statusId);
  if (!status) return CatalogErrors.objectIdDoesNotExist('status', command.statusId);
  let name: string | undefined;
  if (command.name !== undefined) {
    const checked = checkName(command.name, state, status);
    if (typeof checked !== 'string') return checked;
    name = checked;
  }
  const isStatic = status.name === 'UNCONFIRMED' || status.id === state.duplicateStatusId;
  if (isStatic && name !== undefined && name !== status.name) return CatalogErrors.fieldValueNotEditable(status.name, STATUS_FIELD);
  if (isStatic && command.isActive === false) return CatalogErrors.fieldValueNotDeletable(status.name, STATUS_FIELD);
  if (command.sortKey !== undefined && !validSortKey(command.sortKey)) {
    return CatalogErrors.fieldValueSortkeyInvalid(command.sortKey, STATUS_FIELD);
  }
  const changes: StatusChanges = definedOnly({
    name: changed(status.name, name),
    sortKey: changed(status.sortKey, command.sortKey),
    isActive: changed(status.isActive, command.isActive),
  });
  if (!hasAny(changes)) return [];
  return [{ type: 'StatusUpdated', data: { statusId: status.id, name: name ?? status.name, changes } }];
}

/** Every status may become a duplicate: transitions to the duplicate status are added where missing. */
export function missingDuplicateTransitions(state: WorkflowState, duplicate: StatusState): WorkflowEvent[] {
  return state.statuses
    .filter((s) => s.id !== duplicate.id && !findTransition(state, s.id, duplicate.id))
    .map((s) => ({ type: 'TransitionSet', data: { from: ref(s), to: ref(duplicate), commentRequired: false } }));
}

function checkName(raw: string | undefined, state: WorkflowState, self: StatusState | null): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.fieldValueUndefined();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.fieldValueNameTooLong(name);
  if (RESERVED.includes(name.toLowerCase())) return CatalogErrors.fieldValueReservedWord(name, STATUS_FIELD);
  const existing = findByName(state.statuses, name);
  if (existing && existing.id !== self?.id) return CatalogErrors.fieldValueAlreadyExists(existing.name, STATUS_FIELD);
  return name;
}

function validSortKey(sortKey: number): boolean {
  return Number.isInteger(sortKey) && sortKey >= 0 && sortKey <= SMALLINT.max;
}
