import { Inject, Optional, type Type } from '@nestjs/common';
import { healthSubject, type HealthReply, type ServiceName } from '@tracker/contracts';
import { CONNECTION_STATES, type ConnectionStates } from './connection-states';
import { MessageHandler } from './message-handler.decorator';
import { SERVICE_READINESS, type ServiceReadiness } from './service-readiness';

/**
 * The health message every service answers, so that an operator (or a test) can see it
 * is up, and whether it is ready: a service whose read model stopped at an event it
 * cannot apply says so, with the event and the error; one whose connections (its
 * database, the event store's notifications, Redis, NATS) are down says which, while
 * they reconnect by themselves. A use case (`@MessageHandler`): in process it is answered
 * without Nest's RPC pipeline, which cost a create a fifth of a millisecond, as the bugs
 * service asks the comments service's health before every append that carries comments.
 */
export function healthController(service: ServiceName): Type {
  @MessageHandler(healthSubject(service))
  class HealthController {
    constructor(
      @Optional() @Inject(SERVICE_READINESS) private readonly readiness?: ServiceReadiness,
      @Optional() @Inject(CONNECTION_STATES) private readonly connections?: ConnectionStates,
    ) {}

    handle(): HealthReply {
      const state = this.readiness?.readiness();
      const down = this.connections?.problems() ?? [];
      if ((!state || state.ready) && down.length === 0) return { service, status: 'ok' };
      return { service, status: 'not_ready', problems: state?.problems ?? [], ...(down.length > 0 ? { connections: down } : {}) };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${service}HealthController` });
  return HealthController;
}
