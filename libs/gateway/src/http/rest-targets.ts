import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RouteMatch, RouteTable } from '../routing/route-table';
import { ROUTE_TABLE } from '../routing/route-table.token';

const REST_PREFIX = /^\/rest(?:\.cgi)?(?=\/|$)/;

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
export class RestTargets {
  private readonly known = new WeakMap<FastifyRequest, RestTarget>();

  constructor(@Inject(ROUTE_TABLE) private readonly routes: RouteTable) {}

  of(request: FastifyRequest): RestTarget {
    let target = this.known.get(request);
    if (target === undefined) {
      const { rest, rawPath, path, queryString } = restPath(request.url);
      target = { rest, rawPath, path, queryString, match: rest ? this.routes.match(request.method, path) : undefined };
      this.known.set(request, target);
    }
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
