import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_USER_SUBJECT, type CreateUserParams, type CreateUserResult, type ServiceRequest } from '@tracker/contracts';
import { CreateUserHandler } from './create-user.handler';

@Controller()
export class CreateUserController {
  constructor(private readonly handler: CreateUserHandler) {}

  @MessagePattern(CREATE_USER_SUBJECT)
  createUser(@Payload() request: ServiceRequest<CreateUserParams>): Promise<CreateUserResult> {
    return this.handler.handle(request);
  }
}
