import { type MsgHdrs, headers as natsHeaders } from 'nats';
import { type TraceCarrier, injectTraceContext } from '@tracker/platform/tracing';

/** NATS message headers as the carrier of W3C trace context (`traceparent`, `tracestate`). */
export function natsTraceCarrier(headers: MsgHdrs | undefined): TraceCarrier {
  return {
    get: (name) => (headers?.has(name) ? headers.get(name) : undefined),
    set: (name, value) => headers?.set(name, value),
  };
}

/** `headers` with the active span's trace context added; without a span being traced, `headers` as they were (no header object made). */
export function withTraceHeaders(headers: MsgHdrs | undefined): MsgHdrs | undefined {
  const traced = headers ?? natsHeaders();
  injectTraceContext(natsTraceCarrier(traced));
  return headers ?? (traced.has('traceparent') ? traced : undefined);
}
