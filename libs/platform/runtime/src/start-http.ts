import { type DynamicModule, type INestApplication, type LogLevel, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo, Server } from 'node:net';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HttpConfig } from './http.config';

/**
 * Creates a Nest application on Fastify for the gateway. Nest's own body parsing is off:
 * the gateway reads raw bodies itself to apply Bugzilla's rules.
 */
export async function createHttpApplication(
  module: DynamicModule,
  http: HttpConfig,
  logLevels: readonly LogLevel[],
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: http.maxBodyBytes, trustProxy: http.trustProxy });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bodyParser: false,
    logger: [...logLevels],
  });
  app.enableShutdownHooks();
  return app;
}

export async function listen(app: INestApplication, http: HttpConfig): Promise<string> {
  await app.listen(http.port, http.host);
  const server = app.getHttpServer() as Server;
  const url = `http://localhost:${(server.address() as AddressInfo).port}/rest`;
  new Logger('Startup').log(`Tracker REST API on ${url}`);
  return url;
}
