import type { LogLevel } from '@nestjs/common';
import { type IdempotencyStoreOptions, readIdempotencyOptions, readMaxAttachmentBytes } from '@tracker/gateway';
import { type BlobStoreConfig, readBlobStoreConfig } from '@tracker/platform/blob-store';
import { EnvReader } from '@tracker/platform/config';
import type { MessagingConfig } from '@tracker/platform/messaging';
import { type TracingConfig, readTracingConfig } from '@tracker/platform/tracing';
import { type HttpConfig, type LogFormat, readHttpConfig, readLogFormat, readLogLevels, readNatsConfig } from '@tracker/platform/runtime';

export interface GatewayConfig {
  readonly http: HttpConfig;
  readonly messaging: MessagingConfig;
  readonly logLevels: readonly LogLevel[];
  readonly logFormat: LogFormat;
  /** uploads are staged and downloads read here (docs/attachments.md §6) */
  readonly blobStore: BlobStoreConfig;
  readonly maxAttachmentBytes: number;
  /** Idempotency-Key records: TRACKER_GATEWAY_DATABASE_URL, else the services' TRACKER_DATABASE_URL */
  readonly sql: { readonly kind: 'postgres'; readonly url: string; readonly maxPoolSize: number };
  readonly idempotency: IdempotencyStoreOptions;
  /** OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME (docs/operations-guide.md, "Traces") */
  readonly tracing?: TracingConfig;
}

/** The only place the gateway process reads its environment. */
export function loadGatewayConfig(environment: NodeJS.ProcessEnv): Readonly<GatewayConfig> {
  const env = new EnvReader(environment);
  const messaging = readNatsConfig(env);
  const tracing = readTracingConfig(env);
  const sharedUrl = env.url('TRACKER_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tracker', ['postgres', 'postgresql']);
  return env.finish({
    sql: {
      kind: 'postgres',
      url: env.url('TRACKER_GATEWAY_DATABASE_URL', sharedUrl, ['postgres', 'postgresql']),
      maxPoolSize: env.int('TRACKER_DATABASE_POOL_SIZE', 10, { min: 1, max: 200 }),
    },
    idempotency: readIdempotencyOptions(env, messaging.timeoutMs),
    http: readHttpConfig(env),
    messaging,
    logLevels: readLogLevels(env),
    logFormat: readLogFormat(env, 'json'),
    blobStore: readBlobStoreConfig(env),
    maxAttachmentBytes: readMaxAttachmentBytes(env),
    ...(tracing ? { tracing } : {}),
  });
}
