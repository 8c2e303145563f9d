import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DomainError, ErrorCode } from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import { http } from '@tracker/testing';
import { startProbeGateway } from '../gateway-probe.fixture';
import { ALL_ROUTES } from '../gateway.module';

/**
 * The served description against what Fastify really serves: every route Fastify has is
 * the REST catch-all (answered from the route table the description is built from) or
 * outside /rest, and every operation of the description is answered by a route (anything
 * but 32614, "no such resource"; no service runs here, so the answers are errors).
 */
const noServices = { request: () => Promise.reject(new DomainError('serviceUnavailable', 'no services here')) } as unknown as MessageBus;

type Document = { paths: Record<string, Record<string, unknown>> };

describe('GET /rest/openapi.json against the routes Fastify serves', () => {
  let app: INestApplication;
  let base: string;
  const registered: Array<{ method: string | string[]; url: string }> = [];

  beforeAll(async () => {
    const adapter = new FastifyAdapter({ bodyLimit: 64 * 1024 });
    adapter.getInstance().addHook('onRoute', (route) => {
      registered.push({ method: route.method, url: route.url });
    });
    const routes = ALL_ROUTES.flatMap((source) => source(noServices));
    ({ app, base } = await startProbeGateway({ routes, adapter }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('finds every route Fastify registered under /rest to be the catch-all of the route table', () => {
    const underRest = registered.filter(({ url }) => url === '/*' || url.startsWith('/rest'));
    expect(underRest).toEqual([{ method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'], url: '/*' }]);
  });

  it('serves every operation it describes, and no other', async () => {
    const response = await http(base, '/rest/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
    const doc = JSON.parse(response.text) as Document;
    const calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, '1') })),
    );
    expect(calls.length).toBeGreaterThan(60);
    const answers = await Promise.all(
      calls.map(async ({ method, path }) => {
        const answer = await http(base, `/rest${path}`, {
          method,
          ...(method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
        });
        const body = answer.text === '' ? {} : (JSON.parse(answer.text) as { code?: number });
        return { method, path, notFound: body.code === ErrorCode.resourceNotFound };
      }),
    );
    expect(answers.filter((answer) => answer.notFound)).toEqual([]);
    const unknown = await http(base, '/rest/bug/1', { method: 'DELETE' });
    expect(JSON.parse(unknown.text)).toMatchObject({ error: true, code: ErrorCode.resourceNotFound });
  });
});
