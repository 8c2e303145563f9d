import type { INestApplication } from '@nestjs/common';
import { http, jsonCall } from '@tracker/testing';
import { USER_7, localCallCount, startProbeGateway } from './gateway-probe.fixture';

describe('gateway over HTTP', () => {
  let app: INestApplication;
  let base: string;
  const get = (path: string, headers: Record<string, string> = {}) => http(base, path, { headers });

  beforeAll(async () => {
    ({ app, base } = await startProbeGateway());
  });
  afterAll(async () => {
    await app.close();
  });

  describe('representations', () => {
    it('answers JSON with Vary: Accept and an ETag', async () => {
      const response = await get('/rest/version');
      expect(response.status).toBe(200);
      expect(response.text).toBe('{"version":"5.2"}');
      expect(response.headers).toMatchObject({
        'content-type': 'application/json; charset=UTF-8',
        vary: 'Accept',
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['etag']).toMatch(/^[A-Za-z0-9+/]{22}$/);
      expect(response.headers['x-correlation-id']).toBeUndefined();
      expect(response.headers['access-control-allow-headers']).toBeUndefined();
    });

    it('names the correlation id on every error', async () => {
      const response = await get('/rest/probe/missing');
      expect(response.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('wraps the JSON for a JSONP callback', async () => {
      const response = await get('/rest/version?callback=myCb');
      expect(response.headers['content-type']).toBe('text/javascript; charset=UTF-8');
      expect(response.text).toBe('/**/myCb({"version":"5.2"})');
      expect(response.headers['vary']).toBe('Accept');
    });

    it('wraps errors in the JSONP callback too, keeping their status', async () => {
      const response = await get('/rest/probe/missing?callback=cb');
      expect(response.status).toBe(404);
      expect(response.text).toMatch(/^\/\*\*\/cb\(\{"error":true,"code":101,/);
    });

    it('labels JSON as application/javascript when asked without a callback', async () => {
      const response = await get('/rest/version', { accept: 'application/javascript' });
      expect(response.headers['content-type']).toBe('application/javascript; charset=UTF-8');
      expect(response.json()).toEqual({ version: '5.2' });
    });

    it('shows a browser the JSON inside an HTML page, errors included', async () => {
      const page = await get('/rest/probe/echo/1?name=%3Cb%3E', { accept: 'text/html' });
      expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.text).toContain('<!DOCTYPE html>');
      expect(page.text).toContain('&quot;name&quot;: &quot;&lt;b&gt;&quot;');
      expect(page.text).not.toContain('<b>');
      const error = await get('/rest/probe/missing', { accept: 'text/html' });
      expect(error.status).toBe(404);
      expect(error.text).toContain('&quot;code&quot;: 101');
    });

    it('refuses an unsafe callback name with 32611, as plain JSON', async () => {
      const response = await get('/rest/version?callback=alert(1)');
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(response.json()).toMatchObject({ error: true, code: 32611 });
    });

    it('answers 304 without a body when If-None-Match holds the ETag, quoted or not', async () => {
      const first = await get('/rest/version');
      const etag = first.headers['etag'] ?? '';
      for (const ifNoneMatch of [etag, `"${etag}"`, `"other", "${etag}"`]) {
        const again = await get('/rest/version', { 'if-none-match': ifNoneMatch });
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
      }
      expect((await get('/rest/version', { 'if-none-match': '"other"' })).status).toBe(200);
    });

    it('wraps a scalar result as {result}', async () => {
      expect((await get('/rest/probe/logout')).json()).toEqual({ result: null });
      expect((await get('/rest/probe/valid')).json()).toEqual({ result: true });
    });

    it('serves /rest.cgi/ like /rest/', async () => {
      expect((await get('/rest.cgi/version')).json()).toEqual({ version: '5.2' });
    });
  });

  describe('routing', () => {
    it.each([
      ['GET', '/rest/nonexistent', 'GET /nonexistent'],
      ['GET', '/rest/', 'GET /'],
      ['DELETE', '/rest/probe/echo/1', 'DELETE /probe/echo/1'],
      ['PUT', '/rest/version', 'PUT /version'],
      ['GET', '/elsewhere', 'GET /elsewhere'],
    ])('answers %s %s with 404 and code 32614', async (method, path, described) => {
      const response = await http(base, path, { method });
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({
        error: true,
        code: 32614,
        message: `A REST API resource was not found for '${described}'.`,
        documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
      });
    });

    it('answers HEAD with 404 and no body, as Bugzilla does', async () => {
      const response = await http(base, '/rest/version', { method: 'HEAD' });
      expect(response.status).toBe(404);
      expect(response.text).toBe('');
    });

    it('lists the methods of a known path for OPTIONS', async () => {
      const response = await http(base, '/rest/probe/echo/1', { method: 'OPTIONS' });
      expect(response.status).toBe(200);
      expect(response.text).toBe('{}');
      expect(response.headers['allow']).toBe('GET, PUT');
      expect(response.headers['access-control-allow-methods']).toBe('GET, PUT');
      expect(response.headers['access-control-allow-headers']).toContain('x-bugzilla-api-key');
      expect((await http(base, '/rest/nowhere', { method: 'OPTIONS' })).status).toBe(404);
    });
  });

  describe('parameters', () => {
    it('turns repeated query parameters into arrays and passes path segments by name', async () => {
      expect((await get('/rest/probe/echo/a%20b?ids=1&ids=2&one=x')).json()).toEqual({
        params: { ids: ['1', '2'], one: 'x', id: 'a b' },
      });
    });

    it('lets the query string override the body for PUT', async () => {
      const response = await http(base, '/rest/probe/echo/1?whiteboard=fromquery', jsonCall('PUT', { whiteboard: 'frombody', keep: 1 }));
      expect(response.json()).toEqual({ params: { whiteboard: 'fromquery', keep: 1, id: '1' } });
    });

    it('never lets a body or query parameter replace a path segment', async () => {
      const response = await http(base, '/rest/probe/echo/1?id=2', jsonCall('PUT', { id: 3 }));
      expect(response.json()).toEqual({ params: { id: '1' } });
    });

    it('reads form-encoded and text/plain bodies as parameters, answering 201 for this create', async () => {
      const form = await http(base, '/rest/probe/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'summary=form+encoded&cc=a&cc=b',
      });
      expect(form.status).toBe(201);
      expect(form.json()).toEqual({ params: { summary: 'form encoded', cc: ['a', 'b'] } });
      const plain = await http(base, '/rest/probe/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"a":1}' });
      expect(plain.json()).toEqual({ params: { a: 1 } });
    });

    it('ignores a GET body, and serves a GET with Content-Type: application/json and an empty body', async () => {
      const withBody = await http(base, '/rest/probe/echo/1', jsonCall('GET', { include_fields: ['x'], sneaky: 1 }));
      expect(withBody.json()).toEqual({ params: { id: '1' } });
      const empty = await http(base, '/rest/probe/echo/1', {
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '',
      });
      expect(empty.status).toBe(200);
    });

    it('refuses malformed JSON with 400 and code 32000, calling nothing', async () => {
      const before = localCallCount();
      const response = await http(base, '/rest/probe/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"product": "x", ',
      });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({
        code: 32000,
        message: expect.stringMatching(/^Could not parse the request body as valid JSON/),
      });
      expect(localCallCount()).toBe(before);
    });

    it('refuses a body in an unsupported media type with code 32613', async () => {
      const response = await http(base, '/rest/probe/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<a/>',
      });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 32613 });
    });

    it('refuses a body over the size limit with 413 and code 58, calling nothing', async () => {
      const before = localCallCount();
      const response = await http(base, '/rest/probe/echo', jsonCall('POST', { data: 'x'.repeat(70 * 1024) }));
      expect(response.status).toBe(413);
      expect(response.json()).toMatchObject({ error: true, code: 58 });
      expect(localCallCount()).toBe(before);
    });

    it('coerces parameters with the route schema and reports bad ones with Bugzilla codes', async () => {
      expect((await get('/rest/probe/typed?ids=1&ids=2&flag=True')).json()).toEqual({ params: { ids: [1, 2], flag: true } });
      expect((await get('/rest/probe/typed?ids=7')).json()).toEqual({ params: { ids: [7] } });
      const bad = await get('/rest/probe/typed?ids=one');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ code: 52 });
      expect((await get('/rest/probe/typed')).json()).toMatchObject({ code: 50 });
    });

    it('applies include_fields and exclude_fields to the response', async () => {
      expect((await get('/rest/probe/bugs?include_fields=id,summary')).json()).toEqual({ bugs: [{ id: 1, summary: 'One' }], faults: [] });
      expect((await get('/rest/probe/bugs?exclude_fields=_custom')).json()).toEqual({ bugs: [{ id: 1, summary: 'One' }], faults: [] });
      expect((await get('/rest/probe/bugs?include_fields=_default,_extra&exclude_fields=summary')).json()).toEqual({
        bugs: [{ id: 1, cf_colour: 'red', tags: ['mine'] }],
        faults: [],
      });
    });
  });

  describe('credentials and services', () => {
    it('resolves an API key through identity and sends the caller, the fields and the correlation id to the service', async () => {
      const response = await get('/rest/probe/whoami?Bugzilla_api_key=good&x=1&include_fields=a', { 'x-correlation-id': 'trace-42' });
      expect(response.status).toBe(200);
      expect(response.headers['x-correlation-id']).toBe('trace-42');
      expect(response.json()).toEqual({
        auth: { ...USER_7, ip: '127.0.0.1', groupIds: [], groupNames: [] },
        params: { x: '1' },
        fields: { include: ['a'], exclude: [] },
        correlationId: 'trace-42',
      });
    });

    it.each([[{ 'x-tracker-api-key': 'good' }], [{ 'x-bugzilla-api-key': 'good' }], [{ authorization: 'Bearer good' }]])(
      'accepts the API key in the headers %p',
      async (headers) => {
        expect((await get('/rest/probe/whoami', headers)).json()).toMatchObject({ auth: { userId: 7 } });
      },
    );

    it('refuses invalid credentials instead of treating the caller as logged out', async () => {
      const response = await get('/rest/probe/whoami?api_key=bad');
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 306 });
    });

    it('does not even look at credentials for login-exempt calls', async () => {
      expect((await get('/rest/version?api_key=bad')).status).toBe(200);
    });

    it('gives a service error the status Bugzilla uses for its code', async () => {
      const missing = await get('/rest/probe/missing');
      expect(missing.status).toBe(404);
      expect(missing.json()).toEqual({
        error: true,
        code: 101,
        message: 'Bug #99999 does not exist.',
        documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
      });
      expect((await get('/rest/probe/private')).status).toBe(401);
    });

    it('answers an unexpected failure with 500 and code 100500 naming the correlation id, never the details', async () => {
      const response = await get('/rest/probe/crash');
      expect(response.status).toBe(500);
      const body = response.json<{ code: number; message: string }>();
      expect(body.code).toBe(100500);
      expect(body.message).toContain(response.headers['x-correlation-id']);
      expect(response.text).not.toContain('secret');
    });

    it('answers a call whose service is not running with a retryable 503', async () => {
      const response = await get('/rest/probe/nobody');
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('10');
      expect(response.json()).toMatchObject({
        code: 100503,
        message: expect.stringMatching(
          /^The probe service is not running \(nothing answers 'probe.nobody-answers'\); nothing was changed\./,
        ) as string,
      });
    });
  });

  describe('malformed input', () => {
    const refused = async (
      path: string,
      init: Parameters<typeof http>[2] = {},
    ): Promise<{ status: number; code: number; message: string }> => {
      const calls = localCallCount();
      const response = await http(base, path, init);
      expect(localCallCount()).toBe(calls);
      const body = response.json<{ error: boolean; code: number; message: string }>();
      expect(body.error).toBe(true);
      return { status: response.status, code: body.code, message: body.message };
    };

    it.each([
      ['/rest/probe/echo/1?summary=a%00b', "The NUL character (\\u0000) is not accepted in the parameter 'summary'; nothing was changed."],
      ['/rest/probe/echo/a%00b', "The NUL character (\\u0000) is not accepted in the path segment 'id'; nothing was changed."],
      ['/rest/probe/echo/1?__proto__=x', "'__proto__' is not an accepted parameter name; nothing was changed."],
      ['/rest/probe/echo/1?constructor=x', "'constructor' is not an accepted parameter name; nothing was changed."],
    ])('refuses %p with 32000', async (path, message) => {
      expect(await refused(path)).toEqual({ status: 400, code: 32000, message });
    });

    it('refuses NUL characters and prototype keys at any depth of a JSON body', async () => {
      expect(await refused('/rest/probe/echo', jsonCall('POST', { comment: { body: 'a\u0000b' } }))).toEqual({
        status: 400,
        code: 32000,
        message: "The NUL character (\\u0000) is not accepted in the parameter 'comment.body'; nothing was changed.",
      });
      const prototypeKey = { ...jsonCall('POST'), body: '{"flags":[{"prototype":{"polluted":true}}]}' };
      expect((await refused('/rest/probe/echo', prototypeKey)).message).toBe(
        "'prototype' is not an accepted parameter name; nothing was changed.",
      );
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it('refuses JSON nested deeper than 512 levels, and takes 512', async () => {
      const nested = (depth: number): string => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      expect(await refused('/rest/probe/echo', { ...jsonCall('POST'), body: nested(20_000) })).toEqual({
        status: 400,
        code: 32000,
        message: 'Could not parse the request body as valid JSON. Error: it is nested more than 512 levels deep.',
      });
      const response = await http(base, '/rest/probe/echo', { ...jsonCall('POST'), body: nested(512) });
      expect(response.status).toBe(201);
    });

    it('refuses an id path segment beyond 32 bits with 54, and below with 55', async () => {
      expect(await refused('/rest/probe/echo/2147483648')).toEqual({
        status: 400,
        code: 54,
        message: "Invalid parameter 'id': '2147483648' is too large; the largest allowed is 2147483647.",
      });
      expect((await refused('/rest/probe/echo/-9223372036854775809')).code).toBe(55);
    });

    it('takes the first value of a single-valued parameter given twice, and all of a list', async () => {
      const response = await get('/rest/probe/typed?ids=1&ids=2&flag=0&flag=1');
      expect(response.json()).toEqual({ params: { ids: [1, 2], flag: false } });
    });

    it("answers an unreadable request in the envelope, not with Node's or Fastify's own body", async () => {
      const longUri = await refused(`/rest/probe/echo/1?q=${'a'.repeat(20_000)}`);
      expect(longUri).toEqual({
        status: 414,
        code: 100414,
        message: 'The request URI is longer than Tracker reads (16 KiB with the headers): shorten the query string; nothing was done.',
      });
      const bigHeaders = await refused('/rest/probe/echo/1', { headers: { 'x-filler': 'b'.repeat(20_000) } });
      expect(bigHeaders).toMatchObject({ status: 431, code: 100431 });
    });

    it("sends Bugzilla's protective headers on every answer, errors included", async () => {
      for (const response of [await get('/rest/version'), await get('/rest/probe/missing'), await get('/rest/nothing')]) {
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });
});
