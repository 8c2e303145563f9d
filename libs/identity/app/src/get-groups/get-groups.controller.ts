import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_GROUPS_SUBJECT, type GetGroupsParams, type GetGroupsResult, type ServiceRequest } from '@tracker/contracts';
import { GetGroupsHandler } from './get-groups.handler';

@Controller()
export class GetGroupsController {
  constructor(private readonly handler: GetGroupsHandler) {}

  @MessagePattern(GET_GROUPS_SUBJECT)
  getGroups(@Payload() request: ServiceRequest<GetGroupsParams>): Promise<GetGroupsResult> {
    return this.handler.handle(request);
  }
}
