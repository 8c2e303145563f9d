import type { Route } from '../routing/route';
import { TRACKER_API_VERSION } from '../routes/system.routes';
import { buildOpenApiDocument } from './openapi-document';
import type { JsonSchema } from './openapi-components';

export const OPENAPI_PATH = '/openapi.json';

/**
 * `GET /rest/openapi.json` (a Tracker extension): the description of every route served
 * with it, itself included; built at the first call, as the routes never change.
 */
export function withOpenApiRoute(routes: readonly Route[]): readonly Route[] {
  let document: JsonSchema | undefined;
  const self: Route = {
    method: 'GET',
    path: OPENAPI_PATH,
    credentials: 'ignored',
    target: { kind: 'local', answer: () => (document ??= buildOpenApiDocument(all, TRACKER_API_VERSION)) },
  };
  const all = [...routes, self];
  return all;
}
