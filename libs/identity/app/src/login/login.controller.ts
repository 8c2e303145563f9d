import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  LOGIN_SUBJECT,
  type LoginParams,
  type LoginResult,
  LOGOUT_SUBJECT,
  type LogoutParams,
  type ServiceRequest,
  VALID_LOGIN_SUBJECT,
  type ValidLoginParams,
} from '@tracker/contracts';
import { LoginHandler } from './login.handler';

@Controller()
export class LoginController {
  constructor(private readonly handler: LoginHandler) {}

  @MessagePattern(LOGIN_SUBJECT)
  login(@Payload() request: ServiceRequest<LoginParams>): Promise<LoginResult> {
    return this.handler.login(request);
  }

  @MessagePattern(LOGOUT_SUBJECT)
  logout(@Payload() request: ServiceRequest<LogoutParams>): Promise<null> {
    return this.handler.logout(request);
  }

  @MessagePattern(VALID_LOGIN_SUBJECT)
  validLogin(@Payload() request: ServiceRequest<ValidLoginParams>): boolean {
    return this.handler.validLogin(request);
  }
}
