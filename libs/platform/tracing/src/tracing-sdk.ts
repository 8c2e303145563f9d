import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from './tracing.config';

export interface TracingOptions {
  readonly serviceName: string;
  /** where spans go: the OTLP/HTTP exporter in production, an in-memory exporter in tests */
  readonly spanProcessors: readonly SpanProcessor[];
}

let running: { readonly stop: () => Promise<void> } | undefined;

/**
 * Starts the OpenTelemetry SDK for this process when tracing is configured (nothing at all
 * otherwise): spans batched to the collector over OTLP/HTTP, W3C trace context as the
 * propagator, Node's AsyncLocalStorage as the context manager, SQL queries traced.
 * The SDK and its exporter are loaded only then: they are hundreds of modules that every
 * process start would otherwise pay for (seven processes per distributed Tracker).
 */
export async function startTracing(config: TracingConfig | undefined, process: string): Promise<void> {
  if (!config) return;
  const [{ OTLPTraceExporter }, { BatchSpanProcessor }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace-base'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` });
  await startTracingWith({ serviceName: config.serviceName ?? `tracker-${process}`, spanProcessors: [new BatchSpanProcessor(exporter)] });
}

/** The SDK with the given span processors (tests pass an in-memory exporter's). One SDK per process. */
export async function startTracingWith(options: TracingOptions): Promise<void> {
  if (running) throw new Error('Tracing is already started in this process');
  const { registerTracerProvider } = await import('./tracer-provider');
  running = registerTracerProvider(options.serviceName, options.spanProcessors);
}

/**
 * Whether an SDK records this process's spans. Without one, tracing code does nothing at
 * all: no span, attributes or context is even made (each of them cost a create a few
 * microseconds, about ten times over; docs/benchmarks.md, "The create path, seventh round").
 */
export function isTracing(): boolean {
  return running !== undefined;
}

/** Sends the spans still buffered and stops the SDK (at shutdown; tests between suites). */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  if (!stopping) return;
  running = undefined;
  await stopping.stop();
  trace.disable();
  context.disable();
  propagation.disable();
}
