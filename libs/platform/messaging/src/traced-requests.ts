import type { ServiceRequest } from '@tracker/contracts';
import { SpanKind, inSpan, isTracing } from '@tracker/platform/tracing';
import type { MessageBus } from './message-bus.port';

/**
 * The bus, with a client span per request (`send <subject>`), active while the request is
 * published, so that the transport carries it to the service as W3C `traceparent` (NATS
 * headers, or the in-process envelope) and the service's span becomes its child. A
 * refusal or a transport failure ends the span as an error.
 */
export function tracedRequests(bus: MessageBus, transport: 'nats' | 'in-process'): MessageBus {
  return {
    request<Result, Params = unknown>(subject: string, request: ServiceRequest<Params>): Promise<Result> {
      if (!isTracing()) return bus.request<Result, Params>(subject, request);
      const attributes = {
        'messaging.system': transport,
        'messaging.operation.type': 'send',
        'messaging.destination.name': subject,
        'tracker.correlation_id': request.correlationId,
      };
      return inSpan(`send ${subject}`, { kind: SpanKind.CLIENT, attributes }, () => bus.request<Result, Params>(subject, request));
    },
  };
}
