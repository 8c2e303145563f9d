import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_MILESTONE_SUBJECT, type CreateMilestoneParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateMilestoneHandler } from './create-milestone.handler';

@Controller()
export class CreateMilestoneController {
  constructor(private readonly handler: CreateMilestoneHandler) {}

  @MessagePattern(CREATE_MILESTONE_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateMilestoneParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
