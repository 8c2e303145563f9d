import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { METRICS_CONTENT_TYPE, METRICS_PATH, httpRequestSeconds, httpRequests, renderMetrics } from '@tracker/platform/metrics';
import type { RouteTable } from '../routing/route-table';
import { ROUTE_TABLE } from '../routing/route-table.token';
import { restPath } from './rest-http-server';

/** The label of a request that matches no route: the raw URL would make the label set unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The gateway's Prometheus side: GET /metrics (outside /rest, for the scraper, no
 * credentials), and every REST response counted and timed by method, route template
 * (`/bug/:id`, from the route table) and status, in Fastify's onResponse hook. The time is
 * Fastify's, from the request to the response's end.
 */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(ROUTE_TABLE) private readonly routes: RouteTable,
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
    const { rest, path } = restPath(request.url);
    if (!rest) return;
    const match = this.routes.match(request.method, path);
    const labels = {
      method: request.method,
      route: match.kind === 'found' ? match.route.path : UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestSeconds.observe(labels, reply.elapsedTime / 1000);
  }
}
