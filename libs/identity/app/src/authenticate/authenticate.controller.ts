import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTHENTICATE_SUBJECT, type AuthContext, type AuthenticateParams, type ServiceRequest } from '@tracker/contracts';
import { AuthenticateHandler } from './authenticate.handler';

@Controller()
export class AuthenticateController {
  constructor(private readonly handler: AuthenticateHandler) {}

  @MessagePattern(AUTHENTICATE_SUBJECT)
  authenticate(@Payload() request: ServiceRequest<AuthenticateParams>): Promise<AuthContext> {
    return this.handler.handle(request);
  }
}
