import { type DynamicModule, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@tracker/contracts';
import { ConfigError } from '@tracker/platform/config';
import { PrefixedNatsServer, natsConnectionOptions } from '@tracker/platform/messaging';
import { serveMetrics } from '@tracker/platform/metrics';
import { processLogger } from './json-logger';
import type { PlatformConfig } from './platform.config';

/**
 * Starts one service as its own process (distributed mode): a Nest microservice that
 * answers its subjects on NATS in the service's queue group, so replicas share the load.
 *
 * With `migrateOnly` (TRACKER_MIGRATE_ONLY) it stops once the module is built: building it
 * opens the event store and the read model, which apply their migrations under an advisory
 * lock, while projections, start-up work (identity's installation) and the NATS
 * subscription wait for `listen()`, which never comes. The migration Job of an upgrade
 * runs this, so a migration that fails stops the upgrade before any replica is replaced.
 */
export async function startService(
  service: ServiceName,
  module: DynamicModule,
  platform: Pick<PlatformConfig, 'messaging' | 'logLevels' | 'logFormat' | 'migrateOnly' | 'metricsPort'>,
): Promise<void> {
  const { messaging, logLevels } = platform;
  if (messaging.transport !== 'nats') throw new Error('A service process answers on NATS only');
  const logger = processLogger(service, platform.logFormat, logLevels);
  // from the first line on, before Nest takes it over when the module is built
  Logger.overrideLogger(logger);
  const server = await NestFactory.createMicroservice(module, {
    strategy: new PrefixedNatsServer(natsConnectionOptions(messaging.natsUrl, { queue: service }), messaging.subjectPrefix),
    logger,
  });
  if (platform.migrateOnly) {
    await server.close();
    new Logger('Startup').log(`${service}: migrations applied, exiting (TRACKER_MIGRATE_ONLY)`);
    return;
  }
  server.enableShutdownHooks();
  await server.listen();
  new Logger('Startup').log(`${service} answers on ${messaging.natsUrl} as ${messaging.subjectPrefix}${service}.*`);
  if (platform.metricsPort !== undefined) {
    const { port } = await serveMetrics(platform.metricsPort, '0.0.0.0');
    new Logger('Startup').log(`${service} serves metrics on http://0.0.0.0:${port}/metrics`);
  }
}

/** Prints configuration problems without a stack trace, anything else with one, and exits. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message);
  else new Logger('Startup').fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
