import { z } from 'zod';
import type { Route } from '../routing/route';
import type { JsonSchema } from './openapi-components';
import { ROUTE_RESULTS } from './response-schemas';

/**
 * One route as an OpenAPI operation. Its parameters come from the zod schema that validates
 * them (`io: 'input'`: what a client may send): path segments by name, the rest as query
 * parameters for GET and as a JSON body otherwise (the pipeline also reads the query string
 * and form bodies for those, docs/wire-format.md). Credentials are security requirements.
 */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** `/bug/:id/comment` -> `/bug/{id}/comment` */
export const openApiPath = (path: string): string => path.replace(/:([\w]+)/g, '{$1}');

const pathParamNames = (path: string): string[] => [...path.matchAll(/:([\w]+)/g)].map((match) => match[1] ?? '');

const operationId = (route: Route): string =>
  [route.method.toLowerCase(), ...route.path.split('/').filter((segment) => segment !== '')]
    .map((segment) => segment.replace(/^:/, 'by_').replace(/[^\w]/g, '_'))
    .join('_');

interface ObjectSchema {
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required: readonly string[];
  readonly whole: JsonSchema;
}

function inputSchema(route: Route): ObjectSchema {
  if (!route.params) return { properties: {}, required: [], whole: { type: 'object', additionalProperties: true } };
  const { $schema: _dialect, ...whole } = z.toJSONSchema(route.params, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  const properties = (whole['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = whole['required'] ?? [];
  return { properties, required, whole };
}

/** The body's schema: the whole input but the path segments and what is not a parameter. */
function without(schema: ObjectSchema, names: readonly string[]): JsonSchema {
  if (names.length === 0 || !schema.whole['properties']) return schema.whole;
  const { required: _required, ...rest } = schema.whole;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !names.includes(name)));
  const required = schema.required.filter((name) => !names.includes(name));
  return { ...rest, properties, ...(required.length > 0 ? { required } : {}) };
}

/** Parameters every route takes, described once in the components. */
const SHARED = ['include_fields', 'exclude_fields'];

const subjectOf = (route: Route): string => (route.target.kind === 'message' ? route.target.subject : 'gateway');

export function operationOf(route: Route): JsonSchema {
  const schema = inputSchema(route);
  // the credentials a login-type route is handed are its security, not a parameter
  const hidden = route.credentials === 'passed' ? ['credentials'] : [];
  const inPath = pathParamNames(route.path);
  const pathParameters = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: schema.properties[name] ?? { type: 'string' },
  }));
  const queryParameters =
    route.method === 'GET'
      ? Object.entries(schema.properties)
          .filter(([name]) => !inPath.includes(name) && !hidden.includes(name) && !SHARED.includes(name))
          .map(([name, property]) => ({ name, in: 'query', required: schema.required.includes(name), schema: property }))
      : [];
  const subject = subjectOf(route);
  const body = without(schema, [...inPath, ...hidden, ...SHARED]);
  return {
    operationId: operationId(route),
    summary:
      route.target.kind === 'message' ? `${subject} (answered by the ${subject.split('.')[0]} service)` : 'answered by the gateway itself',
    tags: [subject.split('.')[0]],
    // the document's default security is OPTIONAL_CREDENTIALS
    ...(route.credentials === 'ignored' ? { security: [] } : {}),
    parameters: [
      ...pathParameters,
      ...queryParameters,
      { $ref: '#/components/parameters/include_fields' },
      { $ref: '#/components/parameters/exclude_fields' },
    ],
    ...(route.method === 'GET' ? {} : { requestBody: { required: false, content: { 'application/json': { schema: body } } } }),
    responses: {
      [String(route.successStatus ?? 200)]: {
        description: 'The result (field-filtered when include_fields / exclude_fields are given).',
        content: { 'application/json': { schema: ROUTE_RESULTS[routeKey(route)] ?? { type: 'object' } } },
      },
      default: { $ref: '#/components/responses/Error' },
    },
  };
}
