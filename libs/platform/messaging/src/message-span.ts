import type { ServiceReply } from '@tracker/contracts';
import { SpanKind, SpanStatusCode, context, isTracing, settled, trace, tracer } from '@tracker/platform/tracing';

/**
 * A server span per handled message (`process <subject>`), child of the caller's client
 * span (the transport made the caller's trace context active), active while the handler
 * runs so that its SQL, appends and own requests join the trace; ended with the reply. A
 * reply carrying an error ends it as an error, with the error's code.
 */
export function inMessageSpan(subject: string, correlationId: string, handle: () => Promise<ServiceReply>): Promise<ServiceReply> {
  return isTracing() ? inRecordedMessageSpan(subject, correlationId, handle) : settled(handle);
}

async function inRecordedMessageSpan(subject: string, correlationId: string, handle: () => Promise<ServiceReply>): Promise<ServiceReply> {
  const span = tracer().startSpan(`process ${subject}`, {
    kind: SpanKind.SERVER,
    attributes: {
      'messaging.operation.type': 'process',
      'messaging.destination.name': subject,
      'tracker.service': subject.split('.')[0] ?? subject,
      'tracker.correlation_id': correlationId,
    },
  });
  try {
    const reply = await context.with(trace.setSpan(context.active(), span), handle);
    if (!reply.ok) {
      span.setAttribute('tracker.error_code', reply.error.code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: reply.error.message });
    }
    return reply;
  } finally {
    span.end();
  }
}
