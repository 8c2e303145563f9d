import { assertNever, type Decider, type DomainError, type WorkflowEvent } from '@tracker/contracts';
import { decideAddStatus, decideUpdateStatus } from './decide-status';
import { decideChangeWorkflow, decideInstallWorkflow } from './decide-transitions';
import type { WorkflowCommand } from './workflow.commands';
import { type WorkflowState, evolveWorkflow, initialWorkflowState } from './workflow.state';

/** The one status workflow of the installation (stream `workflow`). */
export const workflowDecider: Decider<WorkflowState, WorkflowCommand, WorkflowEvent> = {
  initialState: initialWorkflowState,
  evolve: evolveWorkflow,
  decide: (command, state): readonly WorkflowEvent[] | DomainError => {
    switch (command.kind) {
      case 'InstallWorkflow':
        return decideInstallWorkflow(command, state);
      case 'AddStatus':
        return decideAddStatus(command, state);
      case 'UpdateStatus':
        return decideUpdateStatus(command, state);
      case 'ChangeWorkflow':
        return decideChangeWorkflow(command, state);
      default:
        return assertNever(command);
    }
  },
};
