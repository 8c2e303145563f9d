import { type Context, ROOT_CONTEXT, context, propagation } from '@opentelemetry/api';
import { isTracing } from './tracing-sdk';

/** Where a message keeps its W3C trace context (`traceparent`, `tracestate`): NATS headers, the in-process envelope, HTTP headers. */
export interface TraceCarrier {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

/**
 * Writes the active span's trace context into an outgoing message (W3C `traceparent`,
 * with the propagator `startTracing` registers; nothing when tracing is off), so that the
 * service answering it continues the same trace.
 */
export function injectTraceContext(carrier: TraceCarrier): void {
  if (!isTracing()) return;
  propagation.inject(context.active(), carrier, { set: (target, name, value) => target.set(name, value) });
}

/**
 * The context a received message was sent from: the parent of the span that handles it.
 * Only what the message carries counts, never the receiver's own active span (in embedded
 * mode caller and handler share one async context): a message without `traceparent`
 * starts a new trace, so the carrier is the one path a trace crosses, on every transport.
 */
export function extractTraceContext(carrier: Pick<TraceCarrier, 'get'>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier, {
    get: (source, name) => source.get(name),
    keys: () => ['traceparent', 'tracestate'],
  });
}

/** A plain record as a carrier (the in-process transport's envelope, Node's HTTP headers). */
export function recordCarrier(record: Record<string, string | string[] | undefined>): TraceCarrier {
  return {
    get: (name) => {
      const value = record[name];
      return Array.isArray(value) ? value[0] : value;
    },
    set: (name, value) => {
      record[name] = value;
    },
  };
}

/** Runs `work` in the trace a received message was sent from, so that the span handling it is a child of the sender's. */
export function continueTrace<T>(carrier: Pick<TraceCarrier, 'get'>, work: () => T): T {
  if (!isTracing()) return work();
  return context.with(extractTraceContext(carrier), work);
}
