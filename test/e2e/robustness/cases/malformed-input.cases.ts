import type { EventStore } from '@tracker/platform/event-store';
import { type HttpResponse, http, jsonCall } from '@tracker/testing';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, type BugObject, BugsWorld, errorOf } from '../../bugs/support/bugs-world';

const NUL = (where: string): string => `The NUL character (\\u0000) is not accepted in ${where}; nothing was changed.`;

/**
 * Issue 13, item 4: every malformed request the attack sent (121 of them got a
 * 500) now gets a 4xx in the error envelope, and a refused write leaves the log as it
 * was. Each reproducer is here with its exact answer, in both run modes.
 */
export function malformedInputCases(tracker: () => RunningTracker): void {
  describe('malformed input at the edge', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    let store: EventStore;
    let product: string;
    let bugId: number;
    let commentId: number;

    /** The call's answer, checking that it appended nothing to the log. */
    const unchanged = async (call: () => Promise<HttpResponse>): Promise<HttpResponse> => {
      const before = await store.lastPosition();
      const response = await call();
      expect(await store.lastPosition()).toBe(before);
      return response;
    };
    const raw = (path: string, init: Parameters<typeof http>[2] = {}): Promise<HttpResponse> =>
      http(tracker().baseUrl, `/rest${path}`, init);

    beforeAll(async () => {
      store = await tracker().eventStore();
      product = await world.product('Malformed');
      bugId = await world.bug(ADMIN, product, { summary: 'target of malformed calls' });
      const comments = await world.ok<{ bugs: Record<string, { comments: Array<{ id: number }> }> }>(ADMIN, 'GET', `/bug/${bugId}/comment`);
      commentId = comments.bugs[String(bugId)]?.comments[0]?.id ?? 0;
    }, 60_000);

    it('refuses a NUL character in a search parameter (GET /rest/bug?summary=%00x)', async () => {
      expect(errorOf(await raw('/bug?summary=%00x'))).toEqual({ status: 400, code: 32000, message: NUL("the parameter 'summary'") });
    });

    it('refuses a NUL character in a comment, and stores nothing', async () => {
      const response = await unchanged(() => world.call(ADMIN, 'POST', `/bug/${bugId}/comment`, { comment: 'a\u0000b' }));
      expect(errorOf(response)).toEqual({ status: 400, code: 32000, message: NUL("the parameter 'comment'") });
    });

    it.each([
      ['/group', { name: 'a\u0000b', description: 'd' }, 'name'],
      ['/product', { name: 'p', description: 'a\u0000b', version: '1.0' }, 'description'],
      ['/user', { email: 'nul@example.com', full_name: 'a\u0000b', password: 'long-enough' }, 'full_name'],
      ['/bug', { product: 'x', component: 'Main', version: '1.0', summary: 'a\u0000b' }, 'summary'],
      ['/classification', { name: 'a\u0000b' }, 'name'],
      ['/keyword', { name: 'k', description: 'a\u0000b' }, 'description'],
    ])('refuses a NUL character on POST /rest%s, and stores nothing', async (path, body, name) => {
      const response = await unchanged(() => world.call(ADMIN, 'POST', path, body));
      expect(errorOf(response)).toEqual({ status: 400, code: 32000, message: NUL(`the parameter '${name}'`) });
    });

    it('refuses ids out of the 32-bit range or not integers, before any SQL', async () => {
      expect(errorOf(await raw('/bug?id=9223372036854775808'))).toEqual({
        status: 400,
        code: 54,
        message: "'9223372036854775808' is too large; the largest allowed is 2147483647.",
      });
      expect(errorOf(await raw('/bug?id=1.5'))).toEqual({
        status: 400,
        code: 52,
        message: "Invalid parameter 'value': '1.5' must be an integer.",
      });
      for (const caller of [ANONYMOUS, ADMIN]) {
        expect(errorOf(await world.call(caller, 'GET', '/user/2147483648'))).toEqual({
          status: 400,
          code: 54,
          message: "Invalid parameter 'id_or_name': '2147483648' is too large; the largest allowed is 2147483647.",
        });
      }
      expect(errorOf(await world.call(ADMIN, 'GET', '/group?ids=-2147483649'))).toEqual({
        status: 400,
        code: 55,
        message: "Invalid parameter 'ids.0': '-2147483649' is too small; the smallest allowed is -2147483648.",
      });
    });

    it('refuses JSON nested 20,000 deep, and stores nothing', async () => {
      const body = `{"product":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const response = await unchanged(() => raw('/bug', { ...jsonCall('POST', undefined, ADMIN.headers), body }));
      expect(errorOf(response)).toEqual({
        status: 400,
        code: 32000,
        message: 'Could not parse the request body as valid JSON. Error: it is nested more than 512 levels deep.',
      });
    });

    it('reads a parameter given twice as Bugzilla does: all values of a list, the first of a single value', async () => {
      const both = await world.ok<{ bugs: BugObject[] }>(ANONYMOUS, 'GET', `/bug/${bugId}?include_fields=id&include_fields=summary`);
      expect(both.bugs).toEqual([{ id: bugId, summary: 'target of malformed calls' }]);
      const permissive = await world.ok<{ bugs: BugObject[]; faults: unknown[] }>(
        ANONYMOUS,
        'GET',
        `/bug/${bugId}?ids=99999&permissive=1&permissive=0&include_fields=id`,
      );
      expect(permissive).toEqual({
        bugs: [{ id: bugId }],
        faults: [{ id: '99999', faultString: 'Bug #99999 does not exist.', faultCode: 101 }],
      });
      expect(errorOf(await raw(`/bug/${bugId}?ids=99999&permissive=0&permissive=1`))).toEqual({
        status: 404,
        code: 101,
        message: 'Bug #99999 does not exist.',
      });
      const comments = await world.ok<{ comments: Record<string, { text: string }> }>(
        ANONYMOUS,
        'GET',
        `/bug/comment/${commentId}?comment_ids=${commentId}&comment_ids=${commentId}`,
      );
      expect(Object.keys(comments.comments)).toEqual([String(commentId)]);
    });

    it('answers comment id 0 as an invalid comment id, and tags nothing', async () => {
      expect(errorOf(await raw('/bug/comment/0'))).toEqual({ status: 400, code: 111, message: '0 is not a valid comment id.' });
      const tagged = await unchanged(() => world.call(ADMIN, 'PUT', '/bug/comment/0/tags', { add: ['zero'] }));
      expect(tagged.status).toBe(200);
      expect(tagged.json()).toEqual([]);
    });

    it('answers bodies just under the 10 MiB limit with the field limit, and over it with 413, storing nothing', async () => {
      const underLimit = JSON.stringify({ comment: 'c'.repeat(10 * 1024 * 1024 - 64) });
      const tooLong = await unchanged(() =>
        raw(`/bug/${bugId}/comment`, { ...jsonCall('POST', undefined, ADMIN.headers), body: underLimit }),
      );
      expect(errorOf(tooLong)).toEqual({ status: 400, code: 114, message: 'Comments cannot be longer than 65535 characters.' });
      // declared over the limit: refused from the header, before the body is read (a client still sending would see its socket closed)
      const declared = {
        ...jsonCall('POST', undefined, { ...ADMIN.headers, 'content-length': String(10 * 1024 * 1024 + 100) }),
        body: '{"comment":"',
      };
      const overLimit = await unchanged(() => raw(`/bug/${bugId}/comment`, declared));
      expect(errorOf(overLimit)).toEqual({
        status: 413,
        code: 58,
        message: 'The request body is larger than the limit of 10485760 bytes; nothing was changed.',
      });
    }, 60_000);

    it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %p, in the query string and in a body', async (key) => {
      const message = `'${key}' is not an accepted parameter name; nothing was changed.`;
      expect(errorOf(await raw(`/bug?${key}=x`))).toEqual({ status: 400, code: 32000, message });
      const body = `{"product":"${product}","${key}":{"polluted":true}}`;
      const response = await unchanged(() => raw('/bug', { ...jsonCall('POST', undefined, ADMIN.headers), body }));
      expect(errorOf(response)).toEqual({ status: 400, code: 32000, message });
    });

    it('answers a query string over 16 KB and an undecodable URL in the envelope', async () => {
      const long = await raw(`/bug?summary=${'a'.repeat(20_000)}`);
      expect(errorOf(long)).toEqual({
        status: 414,
        code: 100414,
        message: 'The request URI is longer than Tracker reads (16 KiB with the headers): shorten the query string; nothing was done.',
      });
      expect(errorOf(await raw('/bug/%zz'))).toEqual({
        status: 400,
        code: 32000,
        message: "The request could not be read: '/rest/bug/%zz' is not a valid url component",
      });
    });

    it("sends Bugzilla's X-Frame-Options and X-Content-Type-Options on answers and errors alike", async () => {
      for (const response of [await raw('/version'), await raw('/bug?summary=%00x'), await raw(`/bug?summary=${'a'.repeat(20_000)}`)]) {
        expect([response.headers['x-frame-options'], response.headers['x-content-type-options']]).toEqual(['SAMEORIGIN', 'nosniff']);
      }
    });

    it('is still healthy after all of it', async () => {
      expect(await world.ok(ANONYMOUS, 'GET', '/health')).toMatchObject({ status: 'ok' });
    });

    it('starts again on the same data and answers a read as it did before', async () => {
      const reads = [`/bug/${bugId}`, `/bug/${bugId}/comment`];
      const before = await Promise.all(reads.map((path) => world.ok<unknown>(ADMIN, 'GET', path)));
      expect(before[0]).toMatchObject({ bugs: [{ id: bugId, summary: 'target of malformed calls', product }] });
      expect(before[1]).toMatchObject({ bugs: { [String(bugId)]: { comments: [{ id: commentId, count: 0 }] } } });
      await tracker().restart();
      expect(await world.ok(ANONYMOUS, 'GET', '/health')).toMatchObject({ status: 'ok' });
      expect(await Promise.all(reads.map((path) => world.ok<unknown>(ADMIN, 'GET', path)))).toEqual(before);
    }, 120_000);
  });
}
