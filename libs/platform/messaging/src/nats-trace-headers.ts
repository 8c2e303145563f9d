import { type MsgHdrs, headers as natsHeaders } from 'nats';
import { type TraceCarrier, injectTraceContext, recordCarrier } from '@tracker/platform/tracing';

/** NATS message headers as the carrier of W3C trace context (`traceparent`, `tracestate`), for reading. */
export function natsTraceCarrier(headers: MsgHdrs | undefined): Pick<TraceCarrier, 'get'> {
  return { get: (name) => (headers?.has(name) ? headers.get(name) : undefined) };
}

/**
 * `headers` with the active span's trace context added. When nothing is traced (no SDK:
 * the propagator writes nothing) they are returned as they were, and no header object is
 * made for a request that had none.
 */
export function withTraceHeaders(headers: MsgHdrs | undefined): MsgHdrs | undefined {
  const trace: Record<string, string> = {};
  injectTraceContext(recordCarrier(trace));
  const entries = Object.entries(trace);
  if (entries.length === 0) return headers;
  const traced = headers ?? natsHeaders();
  for (const [name, value] of entries) traced.set(name, value);
  return traced;
}
