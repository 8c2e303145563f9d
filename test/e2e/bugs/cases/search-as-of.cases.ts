import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, BugCalls, type BugObject, type Caller, BugsWorld, errorOf } from '../support/bugs-world';
import { afterSecondOf } from '../support/instants';

/**
 * Issue 20, item 1: Bug.search with `as_of` (docs/as-of.md), over HTTP in both run modes
 * (the candidates come from the real PostgreSQL's read model, the histories from its
 * event store): what a caller with the same rights would have found then, the bugs
 * folded from their events up to the instant, visibility as it stands now.
 */
export function searchAsOfCases(tracker: () => RunningTracker): void {
  describe('bug search as of an instant', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    const bugs = new BugCalls(world);
    let outsider: Caller;
    let member: Caller;
    let product: string;
    let group: string;
    /** changed twice, then moved into the restricted group */
    let audited: number;
    /** public all along */
    let plain: number;
    /** created after `last` */
    let late: number;
    let created: string;
    let middle: string;
    let last: string;

    const at = (instant: string): string => `as_of=${encodeURIComponent(instant)}`;

    beforeAll(async () => {
      group = await world.group('searchaudit');
      [outsider, member] = await Promise.all([world.user('outsider'), world.user('member')]);
      await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(member.login)}`, { groups: { add: [group] } });
      product = await world.product('SearchAsOf', [{ group, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false }]);
      audited = await world.bug(ADMIN, product, { summary: 'Audited crash', whiteboard: 'first', priority: 'Low' });
      plain = await world.bug(ADMIN, product, { summary: 'Plain crash', whiteboard: 'other', priority: 'High' });
      created = String((await bugs.read(ADMIN, plain)).creation_time);
      await afterSecondOf(created);
      middle = (await bugs.update(ADMIN, audited, { whiteboard: 'middle', comment: { body: 'Seen in the logs.' } })).last_change_time;
      await afterSecondOf(middle);
      last = (await bugs.update(ADMIN, audited, { whiteboard: 'last', priority: 'Highest' })).last_change_time;
      await afterSecondOf(last);
      late = await world.bug(ADMIN, product, { summary: 'Late crash', whiteboard: 'middle' });
      await bugs.update(ADMIN, audited, { groups: { add: [group] } });
    }, 120_000);

    const search = (caller: Caller, query: string): Promise<number[]> => bugs.search(caller, `product=${product}&${query}`);

    it('finds a field changed twice by its middle value as of then, and not now', async () => {
      expect(await search(ADMIN, `whiteboard=middle&${at(middle)}`)).toEqual([audited]);
      expect(await search(ADMIN, `whiteboard=first&${at(middle)}`)).toEqual([]);
      expect(await search(ADMIN, `whiteboard=first&${at(created)}`)).toEqual([audited]);
      expect(await search(ADMIN, 'whiteboard=middle')).toEqual([late]);
      expect(await search(ADMIN, `whiteboard=last&${at(middle)}`)).toEqual([]);
      expect(await search(ADMIN, `whiteboard=last&${at(last)}`)).toEqual([audited]);
    });

    it('leaves out a bug created after the instant', async () => {
      expect(await search(ADMIN, at(middle))).toEqual([audited, plain]);
      expect(await search(ADMIN, `summary=crash&${at(last)}`)).toEqual([audited, plain]);
      expect(await search(ADMIN, 'summary=crash')).toEqual([audited, plain, late]);
    });

    it('applies visibility as it stands now: a bug moved into a group since stays hidden from outsiders, even as of before the move', async () => {
      expect(await search(outsider, at(middle))).toEqual([plain]);
      expect(await search(outsider, `whiteboard=middle&${at(middle)}`)).toEqual([]);
      expect(await world.ok(outsider, 'GET', `/bug?product=${product}&${at(middle)}&count_only=1`)).toEqual({ bug_count: 1 });
      expect(await search(member, at(middle))).toEqual([audited, plain]);
    });

    it('answers each bug as it was then, ordered and paged by the values of then', async () => {
      const found = await world.ok<{ bugs: BugObject[] }>(
        member,
        'GET',
        `/bug?product=${product}&${at(middle)}&include_fields=id,whiteboard,priority,groups`,
      );
      expect(found.bugs).toEqual([
        { id: audited, whiteboard: 'middle', priority: 'Low', groups: [] },
        { id: plain, whiteboard: 'other', priority: 'High', groups: [] },
      ]);
      // High sorts before Low by the priorities' sort keys; `audited` is Highest only from `last`
      expect(await search(ADMIN, `order=priority&${at(middle)}`)).toEqual([plain, audited]);
      expect(await search(ADMIN, `order=priority&${at(last)}`)).toEqual([audited, plain]);
      expect(await search(ADMIN, `order=bug_id%20DESC&limit=1&offset=1&${at(middle)}`)).toEqual([audited]);
      expect(await world.ok(ADMIN, 'GET', `/bug?product=${product}&whiteboard=middle&${at(middle)}&count_only=1`)).toEqual({
        bug_count: 1,
      });
    });

    it('answers an instant after the last change exactly as the plain search', async () => {
      const now = await world.ok(member, 'GET', `/bug?product=${product}`);
      expect(await world.ok(member, 'GET', `/bug?product=${product}&${at('2099-01-01T00:00:00Z')}`)).toEqual(now);
    });

    it('matches the comments that existed then, and so quicksearch words', async () => {
      expect(await search(ADMIN, `longdesc=logs&${at(created)}`)).toEqual([]);
      expect(await search(ADMIN, `longdesc=logs&${at(middle)}`)).toEqual([audited]);
      expect(await bugs.search(ADMIN, `quicksearch=${encodeURIComponent(`logs product:${product}`)}&${at(middle)}`)).toEqual([audited]);
      expect(await bugs.search(ADMIN, `quicksearch=${encodeURIComponent(`logs product:${product}`)}&${at(created)}`)).toEqual([]);
      expect(await search(outsider, `longdesc=logs&${at(middle)}`)).toEqual([]);
    });

    it('refuses by name a criterion it cannot judge, and a malformed instant, before answering anything', async () => {
      expect(errorOf(await world.call(ADMIN, 'GET', `/bug?product=${product}&tags=audit&${at(middle)}`))).toEqual({
        status: 400,
        code: 32000,
        message:
          "A search with 'as_of' cannot match on 'tag': personal tags are kept in streams of their own, not folded by a search as of an instant. Leave it out, or search without 'as_of'.",
      });
      expect(errorOf(await world.call(ADMIN, 'GET', `/bug?product=${product}&as_of=yesterday`))).toEqual({
        status: 400,
        code: 56,
        message: "'yesterday' is not a legal date.",
      });
    });
  });
}
