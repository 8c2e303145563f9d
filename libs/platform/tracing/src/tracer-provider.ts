import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { traceSqlQueries } from './pg-spans';

/**
 * Registers the SDK's tracer provider globally with the defaults: W3C trace context (+
 * baggage) propagator, AsyncLocalStorage context manager; SQL queries traced. Loaded by
 * `startTracingWith` only when tracing is on. Returns how to stop it.
 */
export function registerTracerProvider(serviceName: string, spanProcessors: readonly SpanProcessor[]): { stop: () => Promise<void> } {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [...spanProcessors],
  });
  provider.register();
  const untraceSql = traceSqlQueries(provider);
  return {
    stop: async () => {
      untraceSql();
      await provider.shutdown();
    },
  };
}
