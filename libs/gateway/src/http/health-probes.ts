import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { LIVENESS_PATH, READINESS_PATH } from '@tracker/platform/runtime';
import { servicesHealth } from '../routes/services-health';

/**
 * Kubernetes' probes of the gateway, outside /rest and without credentials, like /metrics:
 * GET /livez answers 200 while the process serves HTTP at all (a restart would not help
 * with anything else); GET /readyz answers 200 only while every service answers its health
 * message as ready (the gateway needs them all: a route to a missing one fails), else 503
 * with the same report as GET /rest/health, naming the service and why.
 */
@Injectable()
export class HealthProbes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(LIVENESS_PATH, async (_request, reply) => reply.send({ status: 'ok' }));
    fastify.get(READINESS_PATH, async (_request, reply) => {
      const health = await servicesHealth(this.bus, `readyz-${randomUUID()}`);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    });
  }
}
