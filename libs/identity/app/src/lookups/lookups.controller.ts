import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  LOOKUP_GROUPS_SUBJECT,
  LOOKUP_USERS_SUBJECT,
  type LookupGroupsParams,
  type LookupGroupsResult,
  type LookupUsersParams,
  type LookupUsersResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { LookupsHandler } from './lookups.handler';

@Controller()
export class LookupsController {
  constructor(private readonly handler: LookupsHandler) {}

  @MessagePattern(LOOKUP_USERS_SUBJECT)
  users(@Payload() request: ServiceRequest<LookupUsersParams>): Promise<LookupUsersResult> {
    return this.handler.lookupUsers(request.params);
  }

  @MessagePattern(LOOKUP_GROUPS_SUBJECT)
  groups(@Payload() request: ServiceRequest<LookupGroupsParams>): Promise<LookupGroupsResult> {
    return this.handler.lookupGroups(request.params);
  }
}
