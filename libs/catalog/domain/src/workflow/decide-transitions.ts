import { type DomainError, isDomainError, type WorkflowEvent } from '@tracker/contracts';
import { CatalogErrors } from '../catalog.errors';
import { findByName } from '../shared/names';
import { missingDuplicateTransitions, ref } from './decide-status';
import type { ChangeWorkflow, InstallWorkflow, TransitionRequest } from './workflow.commands';
import { type StatusState, type WorkflowState, evolveWorkflow, findTransition } from './workflow.state';

/** The default workflow of a fresh install (written once). */
export function decideInstallWorkflow(command: InstallWorkflow, state: WorkflowState): readonly WorkflowEvent[] {
  if (state.statuses.length > 0) return [];
  const statuses = command.statuses.map((s) => ({ ...s, isActive: true }));
  const byName = (name: string): StatusState => {
    const found = statuses.find((s) => s.name === name);
    if (!found) throw new Error(`The default workflow names an unknown status ${name}`);
    return found;
  };
  return [
    ...statuses.map((s): WorkflowEvent => ({
      type: 'StatusAdded',
      data: { statusId: s.id, name: s.name, isOpen: s.isOpen, sortKey: s.sortKey, isActive: true },
    })),
    ...command.transitions.map((t): WorkflowEvent => ({
      type: 'TransitionSet',
      data: { from: t.from === null ? null : ref(byName(t.from)), to: ref(byName(t.to)), commentRequired: false },
    })),
    { type: 'DuplicateStatusSet', data: { status: ref(byName(command.duplicateStatus)) } },
  ];
}

/**
 * Bugzilla's editworkflow: allow or forbid transitions, require a comment on them, and
 * choose the status duplicates move to (a closed one; every status gets a transition to it).
 */
export function decideChangeWorkflow(command: ChangeWorkflow, initial: WorkflowState): readonly WorkflowEvent[] | DomainError {
  const events: WorkflowEvent[] = [];
  let state = initial;
  const emit = (event: WorkflowEvent): void => {
    events.push(event);
    state = evolveWorkflow(state, event);
  };
  for (const request of command.transitions) {
    const decided = decideTransition(request, state);
    if (isDomainError(decided)) return decided;
    if (decided) emit(decided);
  }
  if (command.duplicateStatus !== undefined) {
    const duplicate = findByName(state.statuses, command.duplicateStatus);
    if (!duplicate) return CatalogErrors.objectDoesNotExist('status', command.duplicateStatus);
    if (duplicate.isOpen) return CatalogErrors.duplicateStatusMustBeClosed(duplicate.name);
    if (duplicate.id !== state.duplicateStatusId) {
      emit({ type: 'DuplicateStatusSet', data: { status: ref(duplicate) } });
      missingDuplicateTransitions(state, duplicate).forEach(emit);
    }
  }
  return events;
}

function decideTransition(request: TransitionRequest, state: WorkflowState): WorkflowEvent | DomainError | null {
  const from = request.from === null ? null : findByName(state.statuses, request.from);
  if (from === undefined) return CatalogErrors.objectDoesNotExist('status', request.from ?? '');
  const to = findByName(state.statuses, request.to);
  if (!to) return CatalogErrors.objectDoesNotExist('status', request.to);
  if (from?.id === to.id) return CatalogErrors.transitionToItself(to.name);
  const existing = findTransition(state, from?.id ?? null, to.id);
  const fromRef = from === null ? null : ref(from);
  if (!request.allowed) return existing ? { type: 'TransitionRemoved', data: { from: fromRef, to: ref(to) } } : null;
  const commentRequired = request.commentRequired ?? existing?.commentRequired ?? false;
  if (existing && existing.commentRequired === commentRequired) return null;
  return { type: 'TransitionSet', data: { from: fromRef, to: ref(to), commentRequired } };
}
