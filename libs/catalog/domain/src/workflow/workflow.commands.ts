/** What may be done to the workflow. Statuses are named; the decider finds them. */
export interface InstallWorkflow {
  readonly kind: 'InstallWorkflow';
  readonly statuses: readonly { readonly id: number; readonly name: string; readonly isOpen: boolean; readonly sortKey: number }[];
  readonly transitions: readonly { readonly from: string | null; readonly to: string }[];
  readonly duplicateStatus: string;
}

export interface AddStatus {
  readonly kind: 'AddStatus';
  readonly statusId: number;
  readonly name: string | undefined;
  readonly isOpen: boolean;
  readonly sortKey: number;
  readonly isActive: boolean;
}

export interface UpdateStatus {
  readonly kind: 'UpdateStatus';
  readonly statusId: number;
  readonly name?: string;
  readonly sortKey?: number;
  readonly isActive?: boolean;
}

export interface TransitionRequest {
  /** null: the new-bug pseudo-status */
  readonly from: string | null;
  readonly to: string;
  readonly allowed: boolean;
  /** when allowed; unchanged (or false for a new transition) when not given */
  readonly commentRequired?: boolean;
}

export interface ChangeWorkflow {
  readonly kind: 'ChangeWorkflow';
  readonly transitions: readonly TransitionRequest[];
  readonly duplicateStatus?: string;
}

export type WorkflowCommand = InstallWorkflow | AddStatus | UpdateStatus | ChangeWorkflow;
