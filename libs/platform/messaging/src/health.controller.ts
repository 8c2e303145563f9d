import { Controller, Inject, Optional, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type HealthReply, type ServiceName } from '@tracker/contracts';
import { CONNECTION_STATES, type ConnectionStates } from './connection-states';
import { SERVICE_READINESS, type ServiceReadiness } from './service-readiness';

/**
 * The health message every service answers, so that an operator (or a test) can see it
 * is up, and whether it is ready: a service whose read model stopped at an event it
 * cannot apply says so, with the event and the error; one whose connections (its
 * database, the event store's notifications, Redis, NATS) are down says which, while
 * they reconnect by themselves.
 */
export function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(
      @Optional() @Inject(SERVICE_READINESS) private readonly readiness?: ServiceReadiness,
      @Optional() @Inject(CONNECTION_STATES) private readonly connections?: ConnectionStates,
    ) {}

    @MessagePattern(healthSubject(service))
    health(): HealthReply {
      const state = this.readiness?.readiness();
      const down = this.connections?.problems() ?? [];
      if ((!state || state.ready) && down.length === 0) return { service, status: 'ok' };
      return { service, status: 'not_ready', problems: state?.problems ?? [], ...(down.length > 0 ? { connections: down } : {}) };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${service}HealthController` });
  return HealthController;
}
