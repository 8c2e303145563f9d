import { type DynamicModule, Module } from '@nestjs/common';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { HTTP_FRAMEWORK_ERRORS } from '@tracker/platform/runtime';
import { SQL_CONNECTION, type SqlConnection } from '@tracker/platform/sql';
import { AuthResolver } from './auth/auth-resolver';
import { KnownCredentials } from './auth/known-credentials';
import { BlobBodyRenderer } from './downloads/blob-body.renderer';
import { GATEWAY_OPTIONS, type GatewayOptions } from './gateway.options';
import { HealthProbes } from './http/health-probes';
import { HttpMetrics } from './http/http-metrics';
import { RestHttpServer } from './http/rest-http-server';
import { RestTargets } from './http/rest-targets';
import { withOpenApiRoute } from './openapi/openapi.route';
import { RestPipeline } from './rest-pipeline';
import type { Route } from './routing/route';
import { RouteTable } from './routing/route-table';
import { ROUTE_TABLE } from './routing/route-table.token';
import { attachmentsRoutes } from './routes/attachments.routes';
import { bugsRoutes } from './routes/bugs.routes';
import { catalogRoutes } from './routes/catalog.routes';
import { commentsRoutes } from './routes/comments.routes';
import { flagsRoutes } from './routes/flags.routes';
import { flagActivityRoutes } from './routes/flag-activity.routes';
import { healthRoutes } from './routes/health.routes';
import { identityRoutes } from './routes/identity.routes';
import { mailerRoutes } from './routes/mailer.routes';
import { systemRoutes } from './routes/system.routes';
import { RouteUploads } from './uploads/route-uploads';
import { RequestCaller } from './wire/request-caller';
import { IDEMPOTENCY_STORE, IdempotencyGuard } from './idempotency/idempotency-guard';
import { IdempotencyStore } from './idempotency/idempotency-store';

const DEFAULT_IDEMPOTENCY = { ttlHours: 24, inFlightLimitMs: 120_000 };

/** Builds routes; routes that answer in the gateway itself may use the message bus. */
export type RouteSource = (bus: MessageBus) => readonly Route[];

/** Every REST route of Tracker, service by service (and GET /openapi.json, describing them, added to any list). */
export const ALL_ROUTES: readonly RouteSource[] = [
  () => systemRoutes,
  healthRoutes,
  () => identityRoutes,
  () => catalogRoutes,
  () => bugsRoutes,
  () => commentsRoutes,
  () => attachmentsRoutes,
  () => flagsRoutes,
  () => flagActivityRoutes,
  () => mailerRoutes,
];

/**
 * The HTTP gateway: the whole /rest contract on Fastify. It needs the message bus
 * (MessagingModule) and a Nest application created with the Fastify adapter.
 */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions, routes: readonly RouteSource[] = ALL_ROUTES): DynamicModule {
    return {
      module: GatewayModule,
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        {
          provide: ROUTE_TABLE,
          inject: [MESSAGE_BUS],
          useFactory: (bus: MessageBus) => new RouteTable(withOpenApiRoute(routes.flatMap((source) => source(bus)))),
        },
        KnownCredentials,
        AuthResolver,
        RouteUploads,
        BlobBodyRenderer,
        {
          // a process without a database (unit fixtures) has no store: keyed requests are refused
          provide: IDEMPOTENCY_STORE,
          inject: [{ token: SQL_CONNECTION, optional: true }],
          useFactory: (connection: SqlConnection | undefined): IdempotencyStore | null =>
            connection ? new IdempotencyStore(connection, options.idempotency ?? DEFAULT_IDEMPOTENCY) : null,
        },
        IdempotencyGuard,
        RequestCaller,
        RestPipeline,
        RestTargets,
        // before the REST server: its hook must be in place when the REST routes are registered
        HttpMetrics,
        HealthProbes,
        RestHttpServer,
        { provide: HTTP_FRAMEWORK_ERRORS, useExisting: RestHttpServer },
      ],
    };
  }
}
