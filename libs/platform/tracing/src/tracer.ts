import {
  type Attributes,
  type Context,
  INVALID_SPAN_CONTEXT,
  type Span,
  type Tracer,
  SpanKind,
  SpanStatusCode,
  context,
  trace,
} from '@opentelemetry/api';
import { isTracing } from './tracing-sdk';

/** What traced work is handed while no SDK records spans: a span that records nothing. */
export const UNTRACED_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Tracker's tracer. Until an SDK is registered (`startTracing`, only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set) the API hands out non-recording spans; the helpers
 * here do not even ask for one then (isTracing). Asked for
 * at each use rather than kept: a kept tracer stays bound to the first SDK even after it
 * was stopped and another started (tests do).
 */
export function tracer(): Tracer {
  return trace.getTracer('tracker');
}

/** the API's pieces that code running a span by hand needs, so that only this library names @opentelemetry/api */
export { SpanKind, SpanStatusCode, context, trace };

export interface SpanOptions {
  readonly kind: SpanKind;
  readonly attributes?: Attributes;
  /** the parent's context (a message's `traceparent`); the active context when absent */
  readonly parent?: Context;
}

/**
 * Runs `work` inside a new span, active for everything `work` starts (awaited or not),
 * and ends the span when `work` settles: a rejection marks it as an error and rethrows.
 * `work` may add attributes once it knows them (a response's status). Without an SDK,
 * `work` runs with UNTRACED_SPAN, nothing else.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return isTracing() ? inRecordedSpan(name, options, work) : settled(() => work(UNTRACED_SPAN));
}

/** `work()`, a synchronous throw answered as a rejection (as the async path answers it). */
export async function settled<T>(work: () => Promise<T>): Promise<T> {
  return work();
}

async function inRecordedSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const span = tracer().startSpan(
    name,
    { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) },
    options.parent,
  );
  try {
    return await context.with(trace.setSpan(options.parent ?? context.active(), span), () => work(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span as failed by `error` (recorded as an exception event). */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
