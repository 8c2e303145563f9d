import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_USER_SUBJECT, type UpdateUserParams, type UpdateUsersResult } from '@tracker/contracts';
import { UpdateUserHandler } from './update-user.handler';

@Controller()
export class UpdateUserController {
  constructor(private readonly handler: UpdateUserHandler) {}

  @MessagePattern(UPDATE_USER_SUBJECT)
  updateUser(@Payload() request: ServiceRequest<UpdateUserParams>): Promise<UpdateUsersResult> {
    return this.handler.handle(request);
  }
}
