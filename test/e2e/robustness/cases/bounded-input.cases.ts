import type { EventStore } from '@tracker/platform/event-store';
import type { HttpResponse } from '@tracker/testing';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, errorOf } from '../../../support/world';
import { BugsWorld } from '../../bugs/support/bugs-world';

const MB = 1_000_000;
const tooLong = (field: string, limit: number, length: number): string =>
  `The ${field} is limited to ${limit} characters; the one given has ${length}.`;

/**
 * Issue 13, item 1: nothing enters the log that the read models cannot hold. The issue's
 * reproducer (a group with a 1 MB name, which bricked identity) and its kin in every service
 * are refused with a 4xx in the error envelope naming the field and the limit; nothing is
 * stored, the service's later writes work, and a restart on the same data is healthy.
 */
export function boundedInputCases(tracker: () => RunningTracker): void {
  describe('bounded input', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    let store: EventStore;
    let product: string;
    let bugId: number;

    /** The call's answer, checking that it appended nothing to the log and answered in the envelope. */
    const refused = async (call: () => Promise<HttpResponse>): Promise<{ status: number; code: number; message: string }> => {
      const before = await store.lastPosition();
      const response = await call();
      expect(await store.lastPosition()).toBe(before);
      expect(Object.keys(response.json<object>()).sort()).toEqual(['code', 'documentation', 'error', 'message']);
      return errorOf(response);
    };

    beforeAll(async () => {
      store = await tracker().eventStore();
      product = await world.product('Bounded');
      bugId = await world.bug(ADMIN, product, { summary: 'target of long texts' });
    }, 60_000);

    it('refuses a group with a 1 MB name (the issue reproducer), stores nothing, and later identity writes work', async () => {
      const answer = await refused(() => world.call(ADMIN, 'POST', '/group', { name: 'g'.repeat(MB), description: 'attack' }));
      expect(answer).toEqual({ status: 400, code: 32000, message: tooLong('group name', 255, MB) });
      const name = `${'g'.repeat(255 - world.suffix.length)}${world.suffix}`;
      const group = await world.ok<{ id: number }>(ADMIN, 'POST', '/group', { name, description: 'at the limit' }, 201);
      const groups = await world.ok<{ groups: Array<{ id: number; name: string }> }>(ADMIN, 'GET', `/group?ids=${group.id}`);
      expect(groups.groups.map((found) => [found.id, found.name])).toEqual([[group.id, name]]);
      const alice = await world.user('alice');
      await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(alice.login)}`, { full_name: 'Alice After' });
      expect(await world.ok(alice, 'GET', '/whoami')).toMatchObject({ real_name: 'Alice After' });
    }, 60_000);

    it.each([
      ['PUT', '/user/{login}', { full_name: 'n'.repeat(256) }, tooLong('real name', 255, 256)],
      ['POST', '/user/api_key', { description: 'k'.repeat(256) }, tooLong('API key description', 255, 256)],
      [
        'POST',
        '/group',
        { name: 'ok-{suffix}', description: 'd', user_regexp: 'r'.repeat(256) },
        tooLong('user regular expression', 255, 256),
      ],
    ])(
      'refuses %s /rest%s over its limit, storing nothing',
      async (method, path, body, message) => {
        const alice = await world.user(`limit${Math.floor(Math.random() * 1e6)}`);
        const resolved = path.replace('{login}', encodeURIComponent(alice.login));
        const payload = JSON.parse(JSON.stringify(body).replace('{suffix}', world.suffix)) as object;
        const answer = await refused(() =>
          world.call(method === 'POST' && path === '/user/api_key' ? alice : ADMIN, method, resolved, payload),
        );
        expect(answer).toEqual({ status: 400, code: 32000, message });
      },
      60_000,
    );

    it.each([
      ['/product', { name: 'p-{suffix}', description: 'd'.repeat(MB), version: '1.0' }, tooLong('product description', 65535, MB)],
      ['/keyword', { name: 'k-{suffix}', description: 'd'.repeat(MB) }, tooLong('keyword description', 65535, MB)],
      ['/classification', { name: 'c-{suffix}', description: 'd'.repeat(MB) }, tooLong('classification description', 65535, MB)],
      ['/field/bug', { name: `cf_${'f'.repeat(70)}`, display_name: 'F', type: 1 }, tooLong('field name', 64, 73)],
    ])(
      'refuses POST /rest%s over its limit, storing nothing',
      async (path, body, message) => {
        const payload = JSON.parse(JSON.stringify(body).replace('{suffix}', world.suffix)) as object;
        expect(await refused(() => world.call(ADMIN, 'POST', path, payload))).toEqual({ status: 400, code: 32000, message });
      },
      60_000,
    );

    it('refuses a 1 MB comment, whiteboard and URL on a bug, storing nothing', async () => {
      const comment = await refused(() => world.call(ADMIN, 'POST', `/bug/${bugId}/comment`, { comment: 'c'.repeat(MB) }));
      expect(comment).toEqual({ status: 400, code: 114, message: 'Comments cannot be longer than 65535 characters.' });
      const whiteboard = await refused(() => world.call(ADMIN, 'PUT', `/bug/${bugId}`, { whiteboard: 'w'.repeat(MB) }));
      expect(whiteboard).toMatchObject({ status: 400, code: 104 });
      const url = await refused(() => world.call(ADMIN, 'PUT', `/bug/${bugId}`, { url: `http://x/${'u'.repeat(MB)}` }));
      expect(url).toMatchObject({ status: 400, code: 104 });
    }, 60_000);

    it('starts again on the same data, healthy, with what was accepted', async () => {
      await tracker().restart();
      const health = (await world.call(ANONYMOUS, 'GET', '/health')).json<{ status: string }>();
      expect(health.status).toBe('ok');
      const bug = await world.ok<{ bugs: Array<{ summary: string }> }>(ADMIN, 'GET', `/bug/${bugId}?include_fields=summary`);
      expect(bug.bugs).toEqual([{ summary: 'target of long texts' }]);
      const group = await world.ok<{ id: number }>(
        ADMIN,
        'POST',
        '/group',
        { name: `after-${world.suffix}`, description: 'after restart' },
        201,
      );
      expect(group.id).toBeGreaterThan(0);
    }, 120_000);
  });
}
