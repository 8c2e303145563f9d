import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_WORKFLOW_SUBJECT, type UpdateWorkflowParams, type WorkflowObject } from '@tracker/contracts';
import { UpdateWorkflowHandler } from './update-workflow.handler';

@Controller()
export class UpdateWorkflowController {
  constructor(private readonly handler: UpdateWorkflowHandler) {}

  @MessagePattern(UPDATE_WORKFLOW_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateWorkflowParams>): Promise<WorkflowObject> {
    return this.handler.handle(request);
  }
}
