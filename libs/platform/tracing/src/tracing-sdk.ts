import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { traceSqlQueries } from './pg-spans';
import type { TracingConfig } from './tracing.config';

export interface TracingOptions {
  readonly serviceName: string;
  /** where spans go: the OTLP/HTTP exporter in production, an in-memory exporter in tests */
  readonly spanProcessors: readonly SpanProcessor[];
}

let running: { readonly provider: NodeTracerProvider; readonly untraceSql: () => void } | undefined;

/**
 * Starts the OpenTelemetry SDK for this process when tracing is configured (nothing at all
 * otherwise): spans batched to the collector over OTLP/HTTP, W3C trace context as the
 * propagator, Node's AsyncLocalStorage as the context manager, SQL queries traced.
 */
export function startTracing(config: TracingConfig | undefined, process: string): void {
  if (!config) return;
  const exporter = new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` });
  startTracingWith({ serviceName: config.serviceName ?? `tracker-${process}`, spanProcessors: [new BatchSpanProcessor(exporter)] });
}

/** The SDK with the given span processors (tests pass an in-memory exporter's). One SDK per process. */
export function startTracingWith(options: TracingOptions): void {
  if (running) throw new Error('Tracing is already started in this process');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [...options.spanProcessors],
  });
  // the defaults: W3C trace context (+ baggage) propagator, AsyncLocalStorage context manager
  provider.register();
  running = { provider, untraceSql: traceSqlQueries(provider) };
}

/** Sends the spans still buffered and stops the SDK (at shutdown; tests between suites). */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  if (!stopping) return;
  running = undefined;
  stopping.untraceSql();
  await stopping.provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}
