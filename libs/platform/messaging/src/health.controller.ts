import { Controller, Inject, Optional, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type HealthReply, type ServiceName } from '@tracker/contracts';
import { SERVICE_READINESS, type ServiceReadiness } from './service-readiness';

/**
 * The health message every service answers, so that an operator (or a test) can see it
 * is up, and whether it is ready: a service whose read model stopped at an event it
 * cannot apply says so, with the event and the error.
 */
export function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(@Optional() @Inject(SERVICE_READINESS) private readonly readiness?: ServiceReadiness) {}

    @MessagePattern(healthSubject(service))
    health(): HealthReply {
      const state = this.readiness?.readiness();
      return !state || state.ready ? { service, status: 'ok' } : { service, status: 'not_ready', problems: state.problems };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${service}HealthController` });
  return HealthController;
}
