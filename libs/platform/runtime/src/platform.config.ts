import type { EnvReader } from '@tracker/platform/config';
import type { EventStoreConfig } from '@tracker/platform/event-store';
import type { MessagingConfig } from '@tracker/platform/messaging';
import type { SqlConfig } from '@tracker/platform/sql';
import { type TracingConfig, readTracingConfig } from '@tracker/platform/tracing';
import type { LogLevel } from '@nestjs/common';
import { resolve } from 'node:path';
import { LOG_FORMATS, type LogFormat } from './json-logger';

/** The infrastructure a process runs on, chosen by environment variables (see README). */
export interface PlatformConfig {
  readonly sql: SqlConfig;
  readonly eventStore: EventStoreConfig;
  readonly messaging: MessagingConfig;
  readonly logLevels: readonly LogLevel[];
  /** TRACKER_LOG_FORMAT: JSON lines by default in distributed mode, text in embedded mode (docs/operations-guide.md) */
  readonly logFormat: LogFormat;
  /**
   * Apply the process's migrations (its read model's schema, the PostgreSQL event store's)
   * and exit without serving: what the migration Job of an upgrade runs (docs/operations-guide.md).
   */
  readonly migrateOnly: boolean;
  /**
   * TRACKER_METRICS_PORT: where a service process (which has no HTTP port otherwise) serves
   * GET /metrics; unset, none (docs/operations-guide.md). The gateway serves it on its own port.
   */
  readonly metricsPort?: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (and OTEL_SERVICE_NAME): traces exported over OTLP/HTTP; unset, no tracing at all */
  readonly tracing?: TracingConfig;
}

/** A service process of distributed mode: it has probes of its own (the standalone process answers the gateway's). */
export interface ServicePlatformConfig extends PlatformConfig {
  /**
   * TRACKER_READY_MAX_LAG_EVENTS: the service's GET /readyz answers 503 while one of its
   * projections is more events than this behind the log (docs/operations-guide.md, "Probes").
   */
  readonly readyMaxLagEvents: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;

export function readLogLevels(env: EnvReader): LogLevel[] {
  const level = env.oneOf('TRACKER_LOG_LEVEL', LOG_LEVELS, 'log');
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

/** `fallback`: JSON for a process a log pipeline collects (distributed), text for a person's terminal (`npm start`). */
export function readLogFormat(env: EnvReader, fallback: LogFormat): LogFormat {
  return env.oneOf('TRACKER_LOG_FORMAT', LOG_FORMATS, fallback);
}

/** Each pool of the process (event store, each read model) opens at most this many connections. */
function readPoolSize(env: EnvReader): number {
  return env.int('TRACKER_DATABASE_POOL_SIZE', 10, { min: 1, max: 200 });
}

/** One process per service, on real servers: PostgreSQL or EventStoreDB, NATS. */
export function readDistributedPlatformConfig(env: EnvReader): ServicePlatformConfig {
  const eventStore = env.oneOf('TRACKER_EVENT_STORE', ['postgres', 'eventstoredb'] as const, 'postgres');
  return {
    sql: {
      kind: 'postgres',
      url: env.url('TRACKER_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tracker', ['postgres', 'postgresql']),
      maxPoolSize: readPoolSize(env),
    },
    eventStore:
      eventStore === 'eventstoredb'
        ? {
            adapter: 'eventstoredb',
            url: env.url('TRACKER_EVENTSTORE_URL', 'esdb://127.0.0.1:2113?tls=false', ['esdb', 'esdb+discover', 'kurrentdb']),
          }
        : { adapter: 'postgres' },
    messaging: readNatsConfig(env),
    logLevels: readLogLevels(env),
    logFormat: readLogFormat(env, 'json'),
    migrateOnly: env.boolean('TRACKER_MIGRATE_ONLY', false),
    ...readMetricsPort(env),
    ...optionalTracing(env),
    readyMaxLagEvents: readReadyMaxLag(env),
  };
}

function optionalTracing(env: EnvReader): Pick<PlatformConfig, 'tracing'> {
  const tracing = readTracingConfig(env);
  return tracing ? { tracing } : {};
}

function readMetricsPort(env: EnvReader): Pick<PlatformConfig, 'metricsPort'> {
  if (env.optionalString('TRACKER_METRICS_PORT') === undefined) return {};
  return { metricsPort: env.int('TRACKER_METRICS_PORT', 0, { min: 0, max: 65_535 }) };
}

/** below the 1000 events the lag is counted up to (read-model/projection-lag.source.ts), so that the threshold can be crossed */
function readReadyMaxLag(env: EnvReader): number {
  return env.int('TRACKER_READY_MAX_LAG_EVENTS', 500, { min: 0, max: 999 });
}

export function readNatsConfig(env: EnvReader): MessagingConfig {
  return {
    transport: 'nats',
    natsUrl: env.url('TRACKER_NATS_URL', 'nats://127.0.0.1:4222', ['nats', 'tls']),
    subjectPrefix: env.string('TRACKER_NATS_SUBJECT_PREFIX', 'tracker.'),
    timeoutMs: env.int('TRACKER_REQUEST_TIMEOUT_MS', 15_000, { min: 100, max: 600_000 }),
  };
}

/**
 * Everything in one process (`npm start`): embedded PostgreSQL (PGlite) keeping its data
 * under TRACKER_DATA_DIR, and the in-process transport. TRACKER_DATABASE_URL, when set,
 * puts the same process on a real PostgreSQL server instead.
 */
export function readEmbeddedPlatformConfig(env: EnvReader): PlatformConfig {
  const databaseUrl = env.optionalString('TRACKER_DATABASE_URL');
  const dataDir = resolve(env.string('TRACKER_DATA_DIR', './data'));
  return {
    sql: databaseUrl
      ? { kind: 'postgres', url: databaseUrl, maxPoolSize: readPoolSize(env) }
      : { kind: 'pglite', dataDir: `${dataDir}/postgres` },
    eventStore: { adapter: 'postgres' },
    messaging: { transport: 'in-process', timeoutMs: env.int('TRACKER_REQUEST_TIMEOUT_MS', 15_000, { min: 100, max: 600_000 }) },
    logLevels: readLogLevels(env),
    logFormat: readLogFormat(env, 'text'),
    migrateOnly: false,
    ...optionalTracing(env),
  };
}
