import type { EnvReader } from '@tracker/platform/config';

/** Where and as whom a process exports its traces; absent, it exports none and starts no SDK. */
export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's OTLP/HTTP base URL; spans go to `<endpoint>/v1/traces` */
  readonly endpoint: string;
  /** OTEL_SERVICE_NAME; unset, `tracker-<process>` (`tracker-bugs`) */
  readonly serviceName?: string;
}

/** The standard OpenTelemetry variables: tracing is on exactly when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
export function readTracingConfig(env: EnvReader): TracingConfig | undefined {
  if (env.optionalString('OTEL_EXPORTER_OTLP_ENDPOINT') === undefined) return undefined;
  const serviceName = env.optionalString('OTEL_SERVICE_NAME');
  return {
    endpoint: env.url('OTEL_EXPORTER_OTLP_ENDPOINT', '', ['http', 'https']).replace(/\/+$/, ''),
    ...(serviceName ? { serviceName } : {}),
  };
}
