import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type HealthReply, type ServiceName } from '@tracker/contracts';

/** The health message every service answers, so that an operator (or a test) can see it is up. */
export function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    @MessagePattern(healthSubject(service))
    health(): HealthReply {
      return { service, status: 'ok' };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${service}HealthController` });
  return HealthController;
}
