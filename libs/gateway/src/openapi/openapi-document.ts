import type { Route } from '../routing/route';
import { COMMON_PARAMETERS, ERROR_SCHEMA, type JsonSchema, OPTIONAL_CREDENTIALS, SECURITY_SCHEMES } from './openapi-components';
import { openApiPath, operationOf } from './openapi-operation';
import { RESULT_SCHEMAS } from './response-schemas';

/**
 * The OpenAPI 3.1 description of the /rest contract, built from the route table the
 * gateway serves (so a route cannot be served and missing here, or the reverse) and the
 * zod schemas that validate each route's parameters. Served at GET /rest/openapi.json.
 */
export const OPENAPI_VERSION = '3.1.0';

export function buildOpenApiDocument(routes: readonly Route[], apiVersion: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Tracker REST API',
      version: apiVersion,
      description:
        'The Bugzilla 5.2-compatible REST API of Tracker. Every path is also served under /rest.cgi. ' +
        'Parameters of any call may come in the query string; for POST and PUT also as a JSON or form body. ' +
        'Errors answer the envelope {error, code, message} with the HTTP status of the code.',
    },
    servers: [{ url: '/rest' }],
    security: OPTIONAL_CREDENTIALS,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...RESULT_SCHEMAS },
      parameters: COMMON_PARAMETERS,
      responses: {
        Error: {
          description: "A refusal or failure, in Bugzilla's error envelope.",
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
