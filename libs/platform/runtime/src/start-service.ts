import { type DynamicModule, type INestMicroservice, type LogLevel, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@tracker/contracts';
import { ConfigError } from '@tracker/platform/config';
import { type MessagingConfig, PrefixedNatsServer } from '@tracker/platform/messaging';

/**
 * Starts one service as its own process (distributed mode): a Nest microservice that
 * answers its subjects on NATS in the service's queue group, so replicas share the load.
 */
export async function startService(
  service: ServiceName,
  module: DynamicModule,
  messaging: MessagingConfig,
  logLevels: readonly LogLevel[],
): Promise<INestMicroservice> {
  if (messaging.transport !== 'nats') throw new Error('A service process answers on NATS only');
  const server = await NestFactory.createMicroservice(module, {
    strategy: new PrefixedNatsServer({ servers: messaging.natsUrl, queue: service }, messaging.subjectPrefix),
    logger: [...logLevels],
  });
  server.enableShutdownHooks();
  await server.listen();
  new Logger('Startup').log(`${service} answers on ${messaging.natsUrl} as ${messaging.subjectPrefix}${service}.*`);
  return server;
}

/** Prints configuration problems without a stack trace, anything else with one, and exits. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message);
  else new Logger('Startup').fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
