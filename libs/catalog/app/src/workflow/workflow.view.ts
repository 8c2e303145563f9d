import type { WorkflowObject } from '@tracker/contracts';
import type { FieldSnapshot } from '../read-model/field.queries';
import { NEW_BUG } from '../read-model/workflow-rows';

/** The whole workflow: statuses in order, transitions from the new-bug state first, the duplicate status. */
export function workflowObject(snapshot: Pick<FieldSnapshot, 'statuses' | 'transitions' | 'duplicate_status_id'>): WorkflowObject {
  const order = [NEW_BUG, ...snapshot.statuses.map((s) => s.id)];
  const name = (id: number): string => snapshot.statuses.find((s) => s.id === id)?.name ?? String(id);
  const transitions = [...snapshot.transitions].sort(
    (a, b) =>
      order.indexOf(a.from_status_id) - order.indexOf(b.from_status_id) || order.indexOf(a.to_status_id) - order.indexOf(b.to_status_id),
  );
  return {
    statuses: snapshot.statuses.map((s) => ({ id: s.id, name: s.name, is_open: s.is_open, sort_key: s.sort_key, is_active: s.is_active })),
    transitions: transitions.map((t) => ({
      from: t.from_status_id === NEW_BUG ? null : name(t.from_status_id),
      to: name(t.to_status_id),
      comment_required: t.comment_required,
    })),
    duplicate_status: snapshot.duplicate_status_id === null ? null : name(snapshot.duplicate_status_id),
  };
}
