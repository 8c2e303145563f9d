import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_WORKFLOW_SUBJECT, type ServiceRequest, type WorkflowObject } from '@tracker/contracts';
import { GetWorkflowHandler } from './get-workflow.handler';

@Controller()
export class GetWorkflowController {
  constructor(private readonly handler: GetWorkflowHandler) {}

  @MessagePattern(GET_WORKFLOW_SUBJECT)
  get(@Payload() request: ServiceRequest): Promise<WorkflowObject> {
    return this.handler.handle(request);
  }
}
