import type { WorkflowEvent } from '@tracker/contracts';

/** The statuses and the transitions between them; `from: null` is the new-bug pseudo-status. */
export interface StatusState {
  readonly id: number;
  readonly name: string;
  readonly isOpen: boolean;
  readonly sortKey: number;
  readonly isActive: boolean;
}

export interface TransitionState {
  readonly from: number | null;
  readonly to: number;
  readonly commentRequired: boolean;
}

export interface WorkflowState {
  readonly statuses: readonly StatusState[];
  readonly transitions: readonly TransitionState[];
  readonly duplicateStatusId: number | null;
}

export const initialWorkflowState = (): WorkflowState => ({ statuses: [], transitions: [], duplicateStatusId: null });

export function evolveWorkflow(state: WorkflowState, event: WorkflowEvent): WorkflowState {
  switch (event.type) {
    case 'StatusAdded': {
      const { statusId, name, isOpen, sortKey, isActive } = event.data;
      return { ...state, statuses: [...state.statuses, { id: statusId, name, isOpen, sortKey, isActive }] };
    }
    case 'StatusUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        statuses: state.statuses.map((s) =>
          s.id === event.data.statusId
            ? { ...s, name: c.name?.to ?? s.name, sortKey: c.sortKey?.to ?? s.sortKey, isActive: c.isActive?.to ?? s.isActive }
            : s,
        ),
      };
    }
    case 'TransitionSet': {
      const from = event.data.from?.id ?? null;
      const to = event.data.to.id;
      const others = state.transitions.filter((t) => !(t.from === from && t.to === to));
      return { ...state, transitions: [...others, { from, to, commentRequired: event.data.commentRequired }] };
    }
    case 'TransitionRemoved': {
      const from = event.data.from?.id ?? null;
      return { ...state, transitions: state.transitions.filter((t) => !(t.from === from && t.to === event.data.to.id)) };
    }
    case 'DuplicateStatusSet':
      return { ...state, duplicateStatusId: event.data.status.id };
  }
}

export function findTransition(state: WorkflowState, from: number | null, to: number): TransitionState | undefined {
  return state.transitions.find((t) => t.from === from && t.to === to);
}
