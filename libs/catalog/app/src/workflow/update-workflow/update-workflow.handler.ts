import {
  type ServiceRequest,
  UPDATE_WORKFLOW_SUBJECT,
  type UpdateWorkflowParams,
  WORKFLOW_STREAM,
  type WorkflowObject,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { workflowDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries } from '../../read-model/field.queries';
import { viewerOf } from '../../read-model/viewer';
import { workflowObject } from '../workflow.view';

/**
 * Tracker extension `PUT /rest/workflow` (admin; Bugzilla's editworkflow page): allow or
 * forbid transitions (`allowed`, default true), require comments on them, choose the
 * duplicate status. All in one change; answers the resulting workflow.
 */
@MessageHandler(UPDATE_WORKFLOW_SUBJECT)
export class UpdateWorkflowHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly fields: FieldQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<UpdateWorkflowParams>): Promise<WorkflowObject> {
    requireGroup(request.auth, 'admin', 'edit', 'the workflow');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    await this.commands.run(
      workflowDecider,
      WORKFLOW_STREAM,
      {
        kind: 'ChangeWorkflow',
        transitions: (p.transitions ?? []).map((t) => ({
          from: t.from === undefined || t.from.trim() === '' ? null : t.from,
          to: t.to,
          allowed: t.allowed ?? true,
          ...(t.comment_required === undefined ? {} : { commentRequired: t.comment_required }),
        })),
        ...(p.duplicate_status === undefined ? {} : { duplicateStatus: p.duplicate_status }),
      },
      this.commands.context(request),
    );
    return workflowObject(await this.fields.snapshot(viewerOf(request.auth), false));
  }
}
