import { type Observable, finalize, tap } from 'rxjs';
import type { ServiceReply } from '@tracker/contracts';
import { SpanKind, SpanStatusCode, context, trace, tracer } from '@tracker/platform/tracing';

/**
 * A server span per handled message (`process <subject>`), child of the caller's client
 * span (the transport made the caller's trace context active), active while the handler
 * runs so that its SQL, appends and own requests join the trace; ended with the reply. A
 * reply carrying an error ends it as an error, with the error's code.
 */
export function inMessageSpan(subject: string, correlationId: string, handle: () => Observable<ServiceReply>): Observable<ServiceReply> {
  const span = tracer().startSpan(`process ${subject}`, {
    kind: SpanKind.SERVER,
    attributes: {
      'messaging.operation.type': 'process',
      'messaging.destination.name': subject,
      'tracker.service': subject.split('.')[0] ?? subject,
      'tracker.correlation_id': correlationId,
    },
  });
  return context.with(trace.setSpan(context.active(), span), handle).pipe(
    tap((reply) => {
      if (reply.ok) return;
      span.setAttribute('tracker.error_code', reply.error.code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: reply.error.message });
    }),
    finalize(() => span.end()),
  );
}
