import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { METRICS_CONTENT_TYPE, METRICS_PATH, httpRequestSeconds, renderMetrics } from '@tracker/platform/metrics';
import { RestTargets, routeTemplateOf } from './rest-targets';

/** The label of a request that matches no route: the raw URL would make the label set unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The gateway's Prometheus side: GET /metrics (outside /rest, for the scraper, no
 * credentials), and every REST response timed by method, route template (`/bug/:id`, the
 * route the request was served by) and status, in Fastify's onResponse hook; the request
 * counter is read from the same series at each scrape. The time is Fastify's, from the
 * request to the response's end.
 */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly targets: RestTargets,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      this.observe(request, reply);
      done();
    });
    fastify.get(METRICS_PATH, async (_request, reply) => reply.header('content-type', METRICS_CONTENT_TYPE).send(await renderMetrics()));
  }

  private observe(request: FastifyRequest, reply: FastifyReply): void {
    const target = this.targets.of(request);
    if (!target.rest) return;
    const labels = { method: request.method, route: routeTemplateOf(target) ?? UNMATCHED_ROUTE, status: String(reply.statusCode) };
    httpRequestSeconds.observe(labels, reply.elapsedTime / 1000);
  }
}
