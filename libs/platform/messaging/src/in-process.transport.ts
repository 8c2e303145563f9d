import type { MessageHandler, ReadPacket, WritePacket } from '@nestjs/microservices';
import { ClientProxy, Server } from '@nestjs/microservices';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { ErrorCode, type ServiceReply, type ServiceRequest } from '@tracker/contracts';
import { continueTrace, injectTraceContext, recordCarrier } from '@tracker/platform/tracing';
import { lastValueFrom } from 'rxjs';
import { type EndpointHandler, type MessageEndpoints, endpointReply } from './message-endpoints';
import type { HandlesMessage } from './message-handler.decorator';
import { serviceReply } from './service-reply';
import { NoRespondersError, messageOf } from './transport-errors';

/**
 * The in-process transport of embedded mode: the same @MessagePattern handlers and the
 * same JSON serialisation as NATS, without a network. Every message is serialised to
 * JSON and parsed back on each side, so a payload that would not survive NATS fails here too.
 */
/** What travels beside a message's JSON, as NATS headers do: the W3C trace context. */
export type MessageHeaders = Record<string, string>;
type InProcessHandler = (json: string, headers: MessageHeaders) => Promise<string>;

export class InProcessBroker {
  private readonly handlers = new Map<string, InProcessHandler>();
  private useCases: ReadonlyMap<string, HandlesMessage> = new Map();

  /** The application's `@MessageHandler` instances by subject: the server calls them directly. */
  adopt(useCases: ReadonlyMap<string, HandlesMessage>): void {
    this.useCases = useCases;
  }

  useCase(subject: string): HandlesMessage | undefined {
    return this.useCases.get(subject);
  }

  register(subject: string, handler: InProcessHandler): void {
    if (this.handlers.has(subject)) throw new Error(`Two handlers for subject ${subject}`);
    this.handlers.set(subject, handler);
  }

  unregister(subject: string): void {
    this.handlers.delete(subject);
  }

  unregisterAll(): void {
    this.handlers.clear();
  }

  async request(subject: string, json: string, headers: MessageHeaders = {}): Promise<string> {
    const handler = this.handlers.get(subject);
    if (!handler) throw new NoRespondersError(subject);
    return handler(json, headers);
  }
}

export class InProcessServer extends Server implements CustomTransportStrategy {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  listen(callback: () => void): void {
    for (const [subject, handler] of this.messageHandlers) {
      // the handler (and its server span) runs in the caller's trace, as over NATS
      this.broker.register(subject, (json, headers) => continueTrace(recordCarrier(headers), () => this.dispatch(subject, handler, json)));
    }
    callback();
  }

  close(): void {
    this.broker.unregisterAll();
  }

  on(): void {
    // no transport events in process
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  /** What the interceptor does around a Nest-called handler, without Nest's RPC pipeline in between. */
  private handleDirectly(subject: string, useCase: HandlesMessage, request: ServiceRequest): Promise<ServiceReply> {
    const message = { subject, handler: `${useCase.constructor.name}.handle`, correlationId: request?.correlationId ?? 'unknown' };
    // async: a handler that throws before its first await is answered like one that rejects
    return serviceReply(message, async () => await useCase.handle(request));
  }

  private async dispatch(subject: string, handler: MessageHandler, json: string): Promise<string> {
    const useCase = this.broker.useCase(subject);
    const reply: unknown = useCase
      ? await this.handleDirectly(subject, useCase, JSON.parse(json) as ServiceRequest)
      : await lastValueFrom(this.transformToObservable(await handler(JSON.parse(json))));
    try {
      return JSON.stringify(reply);
    } catch (error) {
      // as over NATS: an answer that cannot be serialised is an error for the caller, nothing worse
      return JSON.stringify({
        ok: false,
        error: { code: ErrorCode.internalError, message: `The answer could not be sent: ${messageOf(error)}.` },
      });
    }
  }
}

export class InProcessClient extends ClientProxy implements MessageEndpoints {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  serve<Params, Result>(subject: string, handler: EndpointHandler<Params, Result>): Promise<() => void> {
    const answer = async (json: string): Promise<string> =>
      JSON.stringify(await endpointReply(handler as EndpointHandler, JSON.parse(json) as Parameters<EndpointHandler>[0]));
    this.broker.register(subject, answer);
    return Promise.resolve(() => this.broker.unregister(subject));
  }

  async connect(): Promise<void> {
    // nothing to connect to
  }

  close(): void {
    // nothing to close
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const subject = this.normalizePattern(packet.pattern as string);
    const headers: MessageHeaders = {};
    injectTraceContext(recordCarrier(headers));
    this.broker.request(subject, JSON.stringify(packet.data ?? null), headers).then(
      (json) => callback({ response: JSON.parse(json) as unknown, isDisposed: true }),
      (err: unknown) => callback({ err, isDisposed: true }),
    );
    return () => undefined;
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('The in-process transport carries request/reply messages only'));
  }
}
