import { DomainError, type ServiceReply, type ServiceRequest } from '@tracker/contracts';
import { injectTraceContext, recordCarrier } from '@tracker/platform/tracing';
import type { InProcessBroker, MessageHeaders } from './in-process.transport';
import type { MessageBus } from './message-bus.port';
import { AnswerTimeoutError, transportFailure } from './transport-errors';

/**
 * The message bus of embedded mode, straight to the in-process broker: the request and the
 * reply cross as JSON, as over NATS (a payload NATS could not carry fails here too), with the
 * caller's trace context beside it, and without the ClientProxy's Observables.
 */
export class InProcessMessageBus implements MessageBus {
  constructor(
    private readonly broker: InProcessBroker,
    private readonly timeoutMs: number,
  ) {}

  async request<Result, Params = unknown>(subject: string, request: ServiceRequest<Params>): Promise<Result> {
    const headers: MessageHeaders = {};
    injectTraceContext(recordCarrier(headers));
    let reply: ServiceReply<Result>;
    try {
      reply = JSON.parse(await this.inTime(this.broker.request(subject, JSON.stringify(request ?? null), headers))) as ServiceReply<Result>;
    } catch (error) {
      throw transportFailure(subject, request.correlationId, error, this.timeoutMs);
    }
    if (reply.ok) return reply.result;
    throw new DomainError(reply.error);
  }

  private inTime(answer: Promise<string>): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AnswerTimeoutError()), this.timeoutMs);
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }
}
