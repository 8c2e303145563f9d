import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteMatch, RouteTable } from '../routing/route-table';
import { ROUTE_TABLE } from '../routing/route-table.token';

const REST_PREFIX = /^\/rest(?:\.cgi)?(?=\/|$)/;
/** where a request keeps its target: a decoration, so that every request has it from the start (one shape for V8) */
const TARGET = Symbol('restTarget');

type TargetedRequest = FastifyRequest & { [TARGET]?: RestTarget | null };

/** What an HTTP request asks of the REST API: its path below `/rest` and the route that serves it. */
export interface RestTarget {
  /** whether the path is under `/rest` or `/rest.cgi`; nothing else is part of the API */
  readonly rest: boolean;
  readonly rawPath: string;
  /** the path below the prefix, e.g. `/bug/42` */
  readonly path: string;
  readonly queryString: string;
  /** the route table's answer; undefined outside `/rest` */
  readonly match: RouteMatch | undefined;
}

/**
 * The target of each request, worked out once and kept with the request: its body parser,
 * its span, the pipeline and the metrics all ask for it, and matching a route is the most
 * expensive part of reading a URL.
 */
@Injectable()
export class RestTargets implements OnModuleInit {
  constructor(
    @Inject(ROUTE_TABLE) private readonly routes: RouteTable,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    this.adapterHost.httpAdapter.getInstance<FastifyInstance>().decorateRequest(TARGET, null);
  }

  of(request: FastifyRequest): RestTarget {
    const targeted = request as TargetedRequest;
    const known = targeted[TARGET];
    if (known) return known;
    const { rest, rawPath, path, queryString } = restPath(request.url);
    const target = { rest, rawPath, path, queryString, match: rest ? this.routes.match(request.method, path) : undefined };
    targeted[TARGET] = target;
    return target;
  }
}

/** `/rest/bug/:id`: the template of the route a target is for, undefined for a path no route serves. */
export function routeTemplateOf(target: RestTarget): string | undefined {
  return target.match?.kind === 'found' ? target.match.route.path : undefined;
}

export function restPath(url: string): Omit<RestTarget, 'match'> {
  const [rawPath = '', queryString = ''] = url.split(/\?(.*)/s, 2);
  const prefix = REST_PREFIX.exec(rawPath);
  return { rest: prefix !== null, rawPath, path: prefix ? rawPath.slice(prefix[0].length) || '/' : rawPath, queryString };
}
