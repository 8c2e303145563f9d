import type { ClientProxy } from '@nestjs/microservices';
import { lastValueFrom, timeout } from 'rxjs';
import { DomainError, type ServiceReply, type ServiceRequest } from '@tracker/contracts';
import type { MessageBus } from './message-bus.port';
import { transportFailure } from './transport-errors';

/** The message bus over any Nest ClientProxy: NATS in distributed mode, in-process in embedded mode. */
export class ClientProxyMessageBus implements MessageBus {
  constructor(
    private readonly client: ClientProxy,
    private readonly timeoutMs: number,
  ) {}

  async request<Result, Params = unknown>(subject: string, request: ServiceRequest<Params>): Promise<Result> {
    let reply: ServiceReply<Result>;
    try {
      reply = await lastValueFrom(this.client.send<ServiceReply<Result>>(subject, request).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      throw transportFailure(subject, request.correlationId, error, this.timeoutMs);
    }
    if (reply.ok) return reply.result;
    throw new DomainError(reply.error);
  }
}
