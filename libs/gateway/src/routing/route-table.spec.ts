import type { Route } from './route';
import { RouteTable } from './route-table';

const route = (method: Route['method'], path: string): Route => ({
  method,
  path,
  target: { kind: 'message', subject: `${method} ${path}` },
});

describe('RouteTable', () => {
  const table = new RouteTable([
    route('GET', '/bug/:id_or_alias'),
    route('PUT', '/bug/:id_or_alias'),
    route('GET', '/bug/comment/:comment_id'),
    route('GET', '/bug/comment/tags/:query'),
    route('PUT', '/bug/comment/:comment_id/tags'),
    route('GET', '/bug'),
  ]);

  it('matches a placeholder segment and decodes it', () => {
    expect(table.match('GET', '/bug/a%2Fb')).toMatchObject({ kind: 'found', pathParams: { id_or_alias: 'a/b' } });
  });

  it('prefers literal segments over placeholders', () => {
    expect(table.match('GET', '/bug/comment/5')).toMatchObject({
      kind: 'found',
      route: { path: '/bug/comment/:comment_id' },
      pathParams: { comment_id: '5' },
    });
    expect(table.match('GET', '/bug/comment/tags/sp')).toMatchObject({ route: { path: '/bug/comment/tags/:query' } });
    expect(table.match('PUT', '/bug/comment/7/tags')).toMatchObject({ pathParams: { comment_id: '7' } });
  });

  it('lists the other methods of a known path and nothing for an unknown one', () => {
    expect(table.match('DELETE', '/bug/1')).toEqual({ kind: 'other-methods', allowed: ['GET', 'PUT'] });
    expect(table.match('PUT', '/bug')).toEqual({ kind: 'other-methods', allowed: ['GET'] });
    expect(table.match('GET', '/nonexistent')).toEqual({ kind: 'none' });
    expect(table.match('GET', '/bug/1/')).toEqual({ kind: 'none' });
  });

  it('tries routes that start with a placeholder beside those of the literal first segment', () => {
    const mixed = new RouteTable([route('GET', '/bug/:id'), route('GET', '/:product/x'), route('POST', '/bug')]);
    expect(mixed.match('GET', '/bug/x')).toMatchObject({ route: { path: '/bug/:id' }, pathParams: { id: 'x' } });
    expect(mixed.match('GET', '/Widgets/x')).toMatchObject({ route: { path: '/:product/x' }, pathParams: { product: 'Widgets' } });
    expect(mixed.match('GET', '/bug')).toEqual({ kind: 'other-methods', allowed: ['POST'] });
    expect(mixed.match('GET', '/Widgets')).toEqual({ kind: 'none' });
  });

  it('refuses a route declared twice', () => {
    expect(() => new RouteTable([route('GET', '/x'), route('GET', '/x')])).toThrow('Route declared twice: GET /x');
  });
});
