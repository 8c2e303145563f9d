import { ANONYMOUS, type Caller, DATETIME, errorOf } from '../support/bugs-world';
import type { BugsSuite } from '../support/bugs-suite';

/** Last visits and personal tags over HTTP. */
export function visitAndTagCases({ world, bugs, fixture }: BugsSuite): void {
  let product: string;
  let reporter: Caller;
  let watcher: Caller;
  beforeAll(() => {
    ({ product, reporter, watcher } = fixture());
  });

  describe('last visited (/rest/bug_user_last_visit)', () => {
    it('records a visit of a bug the caller is involved in, lists it, and refuses one they are not (1300)', async () => {
      const id = await world.bug(reporter, product);
      const visited = await world.ok<Array<{ id: number; last_visit_ts: string }>>(reporter, 'POST', `/bug_user_last_visit/${id}`, {});
      expect(visited).toEqual([{ id, last_visit_ts: expect.stringMatching(DATETIME) }]);
      expect(await world.ok(reporter, 'GET', `/bug_user_last_visit/${id}`)).toEqual(visited);
      expect(await world.ok(reporter, 'GET', '/bug_user_last_visit')).toEqual(visited);
      expect(errorOf(await world.call(watcher, 'POST', `/bug_user_last_visit/${id}`, {}))).toEqual({
        status: 400,
        code: 1300,
        message: `Sorry, but you are not involved with Bug ${id}.`,
      });
      expect(errorOf(await world.call(ANONYMOUS, 'POST', `/bug_user_last_visit/${id}`, {}))).toEqual({
        status: 401,
        code: 410,
        message: 'You must log in before using this part of Tracker.',
      });
      expect(errorOf(await world.call(ANONYMOUS, 'GET', '/bug_user_last_visit'))).toEqual({
        status: 401,
        code: 410,
        message: 'You must log in before using this part of Tracker.',
      });
    });

    it('takes several bugs in ids and returns the most recent 20 without ids', async () => {
      const ids = await Promise.all(Array.from({ length: 3 }, () => world.bug(watcher, product)));
      expect((await world.ok<Array<{ id: number }>>(watcher, 'POST', '/bug_user_last_visit', { ids })).map((entry) => entry.id)).toEqual(
        ids,
      );
      expect(
        (await world.ok<Array<{ id: number }>>(watcher, 'GET', `/bug_user_last_visit/${ids[0]}?ids=${ids[1]}`))
          .map((entry) => entry.id)
          .sort(),
      ).toEqual([ids[0], ids[1]].sort());
    });
  });

  describe('personal tags (PUT /rest/bug/{id}/tags)', () => {
    it('adds and removes the caller’s own tags, shown under _extra and searchable with tags', async () => {
      const id = await world.bug(reporter, product);
      expect(await world.ok(reporter, 'PUT', `/bug/${id}/tags`, { add: ['Later', 'mine'] })).toEqual({
        changes: { [id]: { tags: { added: ['later', 'mine'], removed: [] } } },
      });
      expect(await world.ok(reporter, 'PUT', `/bug/${id}/tags`, { tags: { remove: ['mine'] } })).toEqual({
        changes: { [id]: { tags: { added: [], removed: ['mine'] } } },
      });
      expect(await bugs.read(reporter, id, '?include_fields=tags')).toEqual({ tags: ['later'] });
      expect(await bugs.read(watcher, id, '?include_fields=tags')).toEqual({ tags: [] });
      expect(await bugs.search(reporter, 'tags=later')).toEqual([id]);
      expect(await bugs.search(watcher, 'tags=later')).toEqual([]);
      expect(errorOf(await world.call(ANONYMOUS, 'PUT', `/bug/${id}/tags`, { add: ['x'] })).code).toBe(410);
    });
  });
}
