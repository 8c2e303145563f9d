import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_USERS_SUBJECT, type GetUsersParams, type GetUsersResult, type ServiceRequest } from '@tracker/contracts';
import { GetUsersHandler } from './get-users.handler';

@Controller()
export class GetUsersController {
  constructor(private readonly handler: GetUsersHandler) {}

  @MessagePattern(GET_USERS_SUBJECT)
  getUsers(@Payload() request: ServiceRequest<GetUsersParams>): Promise<GetUsersResult> {
    return this.handler.handle(request);
  }
}
