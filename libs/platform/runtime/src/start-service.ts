import { type DynamicModule, type INestMicroservice, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@tracker/contracts';
import { ConfigError } from '@tracker/platform/config';
import {
  CONNECTION_STATES,
  type ConnectionStates,
  PrefixedNatsServer,
  SERVICE_READINESS,
  type ServiceReadiness,
  natsConnectionOptions,
} from '@tracker/platform/messaging';
import { waitForPostgres } from '@tracker/platform/sql';
import { serveOperations } from './health/operations-server';
import { ProcessReadiness } from './health/process-readiness';
import { processLogger } from './json-logger';
import { startTracing } from '@tracker/platform/tracing';
import type { ServicePlatformConfig } from './platform.config';
import { onTermination } from './termination';

/**
 * How long a stopping service waits for the messages in hand to be answered: below the
 * bus's 15 s request timeout and Kubernetes' 30 s grace period before its SIGKILL.
 */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Starts one service as its own process (distributed mode): a Nest microservice that
 * answers its subjects on NATS in the service's queue group, so replicas share the load.
 *
 * With `metricsPort` (TRACKER_METRICS_PORT) the operations port (/metrics, /livez, /readyz)
 * opens first, so that the probes answer while the module is built: alive, not ready until
 * the migrations ran and the service listens.
 *
 * With `migrateOnly` (TRACKER_MIGRATE_ONLY) it stops once the module is built: building it
 * opens the event store and the read model, which apply their migrations under an advisory
 * lock, while projections, start-up work (identity's installation) and the NATS
 * subscription wait for `listen()`, which never comes. The migration Job of an upgrade
 * runs this, so a migration that fails stops the upgrade before any replica is replaced.
 *
 * Any start order works (docs/operations-guide.md, "Lifecycle"): it waits for PostgreSQL
 * and for NATS, with back-off, for as long as they take; other services are reached per
 * request. On SIGTERM it stops gracefully: readiness false, no new NATS message (the
 * subscriptions are drained, so the queue group's other replicas take the next ones),
 * the messages in hand answered, then the connection closed and the module's hooks run
 * (projections stop after the batch they are applying, at a checkpoint; pools close).
 */
export async function startService(
  service: ServiceName,
  module: DynamicModule,
  platform: Pick<
    ServicePlatformConfig,
    'sql' | 'messaging' | 'logLevels' | 'logFormat' | 'migrateOnly' | 'metricsPort' | 'readyMaxLagEvents' | 'tracing'
  >,
): Promise<void> {
  const { messaging, logLevels } = platform;
  if (messaging.transport !== 'nats') throw new Error('A service process answers on NATS only');
  const logger = processLogger(service, platform.logFormat, logLevels);
  // from the first line on, before Nest takes it over when the module is built
  Logger.overrideLogger(logger);
  if (!platform.migrateOnly) await startTracing(platform.tracing, service);
  const readiness = new ProcessReadiness(platform.readyMaxLagEvents);
  if (platform.metricsPort !== undefined && !platform.migrateOnly) {
    const { port } = await serveOperations(platform.metricsPort, '0.0.0.0', () => readiness.report());
    new Logger('Startup').log(`${service} serves metrics on http://0.0.0.0:${port}/metrics, probes on /livez and /readyz`);
  }
  // a serving replica waits for the database; the migration Job fails at once instead, so that an upgrade stops visibly
  if (platform.sql.kind === 'postgres' && !platform.migrateOnly) await waitForPostgres(platform.sql.url);
  const strategy = new PrefixedNatsServer(natsConnectionOptions(messaging.natsUrl, { queue: service }), messaging.subjectPrefix);
  const server = await NestFactory.createMicroservice(module, { strategy, logger });
  if (platform.migrateOnly) {
    await server.close();
    new Logger('Startup').log(`${service}: migrations applied, exiting (TRACKER_MIGRATE_ONLY)`);
    return;
  }
  await server.listen();
  onTermination(async () => {
    readiness.stopping();
    if (!(await strategy.drain(DRAIN_TIMEOUT_MS))) {
      new Logger('Shutdown').warn(`${strategy.messagesInFlight} message(s) still unanswered after ${DRAIN_TIMEOUT_MS} ms; closing anyway`);
    }
    await server.close();
  });
  readiness.started({
    readiness: optional<ServiceReadiness>(server, SERVICE_READINESS),
    connections: optional<ConnectionStates>(server, CONNECTION_STATES),
  });
  new Logger('Startup').log(`${service} answers on ${messaging.natsUrl} as ${messaging.subjectPrefix}${service}.*`);
}

function optional<T>(server: INestMicroservice, token: symbol): T | undefined {
  try {
    return server.get<T>(token, { strict: false });
  } catch {
    return undefined;
  }
}

/** Prints configuration problems without a stack trace, anything else with one, and exits. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message);
  else new Logger('Startup').fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
