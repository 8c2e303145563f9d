import type { HttpAdapterHost } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Route } from '../routing/route';
import { RouteTable } from '../routing/route-table';
import { RestTargets, routeTemplateOf } from './rest-targets';

const route = (method: Route['method'], path: string): Route => ({ method, path, target: { kind: 'message', subject: path } });
const request = (method: string, url: string) => ({ method, url }) as FastifyRequest;

describe('RestTargets', () => {
  const table = new RouteTable([route('GET', '/bug/:id'), route('PUT', '/bug/:id')]);
  const match = jest.spyOn(table, 'match');
  // outside a Fastify server a request has no decoration: the target is added to it
  const targets = new RestTargets(table, {} as HttpAdapterHost);

  beforeEach(() => match.mockClear());

  it('reads the path below /rest and /rest.cgi, the query string apart, and matches its route', () => {
    expect(targets.of(request('GET', '/rest/bug/42?include_fields=id'))).toEqual({
      rest: true,
      rawPath: '/rest/bug/42',
      path: '/bug/42',
      queryString: 'include_fields=id',
      match: expect.objectContaining({ kind: 'found', pathParams: { id: '42' } }),
    });
    const cgi = targets.of(request('PUT', '/rest.cgi/bug/7'));
    expect([cgi.path, cgi.queryString, routeTemplateOf(cgi)]).toEqual(['/bug/7', '', '/bug/:id']);
  });

  it('matches a request once, however often it is asked', () => {
    const asked = request('GET', '/rest/bug/1');
    const first = targets.of(asked);
    expect(targets.of(asked)).toBe(first);
    expect(match).toHaveBeenCalledTimes(1);
    // another request for the same URL is matched for itself
    targets.of(request('GET', '/rest/bug/1'));
    expect(match).toHaveBeenCalledTimes(2);
  });

  it('leaves a path outside /rest unmatched, and names no template where no route serves', () => {
    const outside = targets.of(request('GET', '/restless/bug/1'));
    expect([outside.rest, outside.match, routeTemplateOf(outside)]).toEqual([false, undefined, undefined]);
    expect(match).not.toHaveBeenCalled();
    expect(routeTemplateOf(targets.of(request('POST', '/rest/bug/1')))).toBeUndefined();
    expect(targets.of(request('GET', '/rest')).path).toBe('/');
  });
});
