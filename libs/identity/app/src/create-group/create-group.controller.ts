import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_GROUP_SUBJECT, type CreateGroupParams, type CreateGroupResult, type ServiceRequest } from '@tracker/contracts';
import { CreateGroupHandler } from './create-group.handler';

@Controller()
export class CreateGroupController {
  constructor(private readonly handler: CreateGroupHandler) {}

  @MessagePattern(CREATE_GROUP_SUBJECT)
  createGroup(@Payload() request: ServiceRequest<CreateGroupParams>): Promise<CreateGroupResult> {
    return this.handler.handle(request);
  }
}
