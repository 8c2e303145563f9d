import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPDATE_MILESTONE_SUBJECT, type UpdateMilestoneParams, type UpdateMilestonesResult, type ServiceRequest } from '@tracker/contracts';
import { UpdateMilestoneHandler } from './update-milestone.handler';

@Controller()
export class UpdateMilestoneController {
  constructor(private readonly handler: UpdateMilestoneHandler) {}

  @MessagePattern(UPDATE_MILESTONE_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateMilestoneParams>): Promise<UpdateMilestonesResult> {
    return this.handler.handle(request);
  }
}
