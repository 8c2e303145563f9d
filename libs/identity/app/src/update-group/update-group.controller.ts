import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_GROUP_SUBJECT, type UpdateGroupParams, type UpdateGroupsResult } from '@tracker/contracts';
import { UpdateGroupHandler } from './update-group.handler';

@Controller()
export class UpdateGroupController {
  constructor(private readonly handler: UpdateGroupHandler) {}

  @MessagePattern(UPDATE_GROUP_SUBJECT)
  updateGroup(@Payload() request: ServiceRequest<UpdateGroupParams>): Promise<UpdateGroupsResult> {
    return this.handler.handle(request);
  }
}
