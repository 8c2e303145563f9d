import { type DynamicModule, type INestApplication, type LogLevel, Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo, Server } from 'node:net';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HttpConfig } from './http.config';

/**
 * Who answers what Fastify refuses before any route runs (a URL it cannot decode): the
 * application provides it under this token (the gateway does, in its error envelope).
 */
export interface HttpFrameworkErrors {
  /** `request` and `reply` are Fastify's, as the application's own Fastify types know them */
  answerFrameworkError(error: FrameworkError, request: unknown, reply: unknown): void;
}

export interface FrameworkError extends Error {
  readonly code?: string;
  readonly statusCode?: number;
}

export const HTTP_FRAMEWORK_ERRORS = Symbol('HTTP_FRAMEWORK_ERRORS');

/**
 * Creates a Nest application on Fastify for the gateway. Nest's own body parsing is off:
 * the gateway reads raw bodies itself to apply Bugzilla's rules.
 */
export async function createHttpApplication(
  module: DynamicModule,
  http: HttpConfig,
  /** `processLogger(...)`: JSON lines or Nest's text at the configured levels */
  logger: LoggerService | LogLevel[],
): Promise<NestFastifyApplication> {
  const late: { answerer?: HttpFrameworkErrors } = {};
  const adapter = new FastifyAdapter({
    bodyLimit: http.maxBodyBytes,
    trustProxy: http.trustProxy,
    frameworkErrors: (error: FrameworkError, request: unknown, reply: unknown): void => {
      if (late.answerer) late.answerer.answerFrameworkError(error, request, reply);
      else (reply as { raw: { destroy(): void } }).raw.destroy();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bodyParser: false,
    logger,
  });
  late.answerer = optionalProvider<HttpFrameworkErrors>(app, HTTP_FRAMEWORK_ERRORS);
  return app;
}

function optionalProvider<T>(app: INestApplication, token: symbol): T | undefined {
  try {
    return app.get<T>(token, { strict: false });
  } catch {
    return undefined;
  }
}

/**
 * A graceful stop of an HTTP process (on SIGTERM, `onTermination`): the server stops
 * accepting connections and Fastify waits for the requests in flight to be answered
 * (idle keep-alive connections are closed at once), and only then do the module hooks
 * close the message clients, pools and projections the answers needed.
 */
export async function closeHttpApplication(app: NestFastifyApplication): Promise<void> {
  await app.getHttpAdapter().close();
  await app.close();
}

export async function listen(app: INestApplication, http: HttpConfig): Promise<string> {
  await app.listen(http.port, http.host);
  const server = app.getHttpServer() as Server;
  const url = `http://localhost:${(server.address() as AddressInfo).port}/rest`;
  new Logger('Startup').log(`Tracker REST API on ${url}`);
  return url;
}
