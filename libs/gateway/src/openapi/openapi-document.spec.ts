import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { MessageBus } from '@tracker/platform/messaging';
import { ALL_ROUTES } from '../gateway.module';
import { RouteTable } from '../routing/route-table';
import { withOpenApiRoute } from './openapi.route';
import { openApiPath, routeKey } from './openapi-operation';

const run = promisify(execFile);
const VALIDATOR_CLI = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters: Array<{ name?: string; in?: string; required?: boolean; schema?: Record<string, unknown>; $ref?: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }>;
};
type Document = {
  openapi: string;
  security: unknown[];
  info: { version: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
};

/** The routes the gateway serves (the bus is only used when a health route answers). */
const routes = withOpenApiRoute(ALL_ROUTES.flatMap((source) => source({} as MessageBus)));
const openApiRoute = routes.find((route) => route.path === '/openapi.json');
const document = (): Document => {
  if (openApiRoute?.target.kind !== 'local') throw new Error('GET /openapi.json is not served');
  return openApiRoute.target.answer({}, { auth: {} as never, correlationId: 'test', fields: { include: [], exclude: [] } }) as Document;
};
const operations = (doc: Document): Array<{ path: string; method: string; operation: Operation }> =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

describe('the OpenAPI description', () => {
  it('describes every route of the route table, itself included, once', () => {
    const doc = document();
    for (const route of routes) expect(doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]).toBeDefined();
    expect(operations(doc)).toHaveLength(routes.length);
    expect(routes.length).toBeGreaterThan(60);
    expect(new Set(operations(doc).map(({ operation }) => operation.operationId)).size).toBe(routes.length);
  });

  it('has no operation the route table does not serve', () => {
    const table = new RouteTable(routes);
    const served = new Set(routes.map(routeKey));
    for (const { path, method } of operations(document())) {
      const concrete = path.replace(/\{(\w+)\}/g, (_whole, name: string) => `sample-${name}`);
      const match = table.match(method, concrete);
      expect({ path, method, kind: match.kind }).toEqual({ path, method, kind: 'found' });
      if (match.kind === 'found') expect(served.has(routeKey(match.route))).toBe(true);
    }
  });

  // the validator runs as a node process of its own (it is ESM only): slow on a busy machine
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const doc = document();
    expect(doc.openapi).toBe('3.1.0');
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc));
      const { stdout } = await run(process.execPath, [VALIDATOR_CLI, join(dir, 'openapi.json')]).catch(
        (error: { stdout: string }) => error,
      );
      expect(JSON.parse(stdout)).toEqual({ valid: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('types path, query and body parameters from the zod schemas', () => {
    const doc = document();
    const getBug = doc.paths['/bug/{id}']?.['get'];
    expect(getBug?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const history = doc.paths['/bug/{id}/history']?.['get'];
    expect(history?.parameters).toContainEqual(expect.objectContaining({ name: 'new_since', in: 'query', required: false }));
    const createBug = doc.paths['/bug']?.['post'];
    const body = createBug?.requestBody?.content['application/json']?.schema.properties ?? {};
    expect(body['summary']).toEqual(expect.objectContaining({ type: 'string' }));
    expect(body['estimated_time']).toEqual(expect.objectContaining({ type: ['number', 'string'] }));
    expect(body['blocks']).toEqual(expect.objectContaining({ type: 'array' }));
    const update = doc.paths['/bug/{id}']?.['put']?.requestBody?.content['application/json']?.schema.properties ?? {};
    expect(update['id']).toBeUndefined();
  });

  it('names the credentials as security schemes, none on login-exempt routes', () => {
    const doc = document();
    expect(doc.components.securitySchemes['apiKeyHeader']).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-BUGZILLA-API-KEY' }),
    );
    expect(doc.components.securitySchemes['bearer']).toEqual(expect.objectContaining({ type: 'http' }));
    expect(doc.paths['/version']?.['get']?.security).toEqual([]);
    expect(doc.paths['/bug']?.['post']?.security).toBeUndefined();
    expect(doc.security).toContainEqual({});
    expect(doc.security).toContainEqual({ loginHeader: [], passwordHeader: [] });
    const login = doc.paths['/login']?.['get']?.parameters.map((parameter) => parameter.name);
    expect(login).toEqual(expect.arrayContaining(['login', 'password']));
    expect(login).not.toContain('credentials');
  });

  it('answers the error envelope by default and the result shapes it knows', () => {
    const doc = document();
    expect(doc.components.schemas['Error']).toEqual(expect.objectContaining({ required: ['error', 'code', 'message'] }));
    for (const { operation } of operations(doc)) expect(operation.responses['default']).toEqual({ $ref: '#/components/responses/Error' });
    expect(doc.paths['/bug']?.['post']?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Created',
    });
    expect(doc.paths['/bug/{id}/comment']?.['post']?.responses['201']).toBeDefined();
    expect(doc.servers).toEqual([{ url: '/rest' }]);
    expect(doc.info.version).toBe('5.2');
  });
});
