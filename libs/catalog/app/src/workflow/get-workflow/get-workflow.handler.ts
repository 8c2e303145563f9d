import { GET_WORKFLOW_SUBJECT, type ServiceRequest, type WorkflowObject } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries } from '../../read-model/field.queries';
import { viewerOf } from '../../read-model/viewer';
import { workflowObject } from '../workflow.view';

/** Tracker extension `GET /rest/workflow`: statuses (inactive ones too), transitions, the duplicate status. */
@MessageHandler(GET_WORKFLOW_SUBJECT)
export class GetWorkflowHandler {
  constructor(
    private readonly fields: FieldQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest): Promise<WorkflowObject> {
    await this.gate.whenInstalled(request.correlationId);
    return workflowObject(await this.fields.snapshot(viewerOf(request.auth), false));
  }
}
