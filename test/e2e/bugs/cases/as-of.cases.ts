import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, BugCalls, type BugObject, type Caller, BugsWorld, errorOf } from '../support/bugs-world';
import { afterSecondOf } from '../support/instants';

/**
 * Issue 20, item 1: `as_of` (docs/as-of.md). A bug as it was at an instant, folded from
 * its events; visibility as it stands now. The bugs suite runs these in the embedded mode
 * alone: the fold and the visibility rule are the same code in both, and the read is one
 * service's.
 */
export function asOfCases(tracker: () => RunningTracker): void {
  describe('bugs and comments as of an instant', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    const bugs = new BugCalls(world);
    let outsider: Caller;
    let member: Caller;
    let insider: Caller;
    let commentId: number;
    let flagType: string;
    let group: string;
    let bugId: number;
    /** the instants of the bug's creation and of its changes, as its last_change_time showed them */
    let created: string;
    let middle: string;
    let last: string;
    let moved: string;
    let attachmentId: number;
    /** an instant after comment 1 was tagged and before the tag was removed */
    let tagged: string;
    let attached: string;

    const secondBefore = (instant: string): string => new Date(Date.parse(instant) - 1000).toISOString();

    beforeAll(async () => {
      group = await world.group('auditors');
      [outsider, member, insider] = await Promise.all([world.user('outsider'), world.user('member'), world.user('insider', ['insiders'])]);
      for (const user of [member, insider])
        await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(user.login)}`, { groups: { add: [group] } });
      const product = await world.product('AsOf', [{ group, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false }]);
      flagType = `audit${world.suffix}`;
      const type = { name: flagType, description: 'Audited', target_type: 'bug', inclusions: [product], is_requestable: true };
      await world.ok(ADMIN, 'POST', '/flag_type', type, 201);
      bugId = await world.bug(ADMIN, product, { whiteboard: 'first' });
      created = String((await bugs.read(ADMIN, bugId)).creation_time);
      await afterSecondOf(created);
      middle = (
        await bugs.update(ADMIN, bugId, {
          whiteboard: 'middle',
          comment: { body: 'Seen in the logs.' },
          flags: [{ name: flagType, status: '?' }],
        })
      ).last_change_time;
      await afterSecondOf(middle);
      commentId = await commentIdOf(1);
      await world.ok(ADMIN, 'PUT', `/bug/comment/${commentId}/tags`, { add: ['evidence'] });
      tagged = new Date().toISOString();
      await afterSecondOf(tagged);
      last = (
        await bugs.update(ADMIN, bugId, {
          whiteboard: 'last',
          comment_is_private: { [commentId]: true },
          flags: [{ name: flagType, status: '+' }],
        })
      ).last_change_time;
      await world.ok(ADMIN, 'PUT', `/bug/comment/${commentId}/tags`, { remove: ['evidence'] });
      await afterSecondOf(last);
      moved = (await bugs.update(ADMIN, bugId, { groups: { add: [group] } })).last_change_time;
      await afterSecondOf(moved);
      const upload = {
        data: Buffer.from('trace').toString('base64'),
        file_name: 'trace.txt',
        summary: 'Trace',
        content_type: 'text/plain',
      };
      [attachmentId = 0] = (await world.ok<{ ids: number[] }>(ADMIN, 'POST', `/bug/${bugId}/attachment`, upload, 201)).ids;
      attached = String((await attachmentsAsOf(ADMIN, '2099-01-01'))[0]?.creation_time);
      await afterSecondOf(attached);
      await world.ok(ADMIN, 'PUT', `/bug/attachment/${attachmentId}`, { summary: 'Renamed trace', is_private: true });
    }, 180_000);
    interface CommentObject {
      readonly id: number;
      readonly count: number;
      readonly is_private: boolean;
      readonly text: string;
      readonly tags: string[];
    }
    const commentsAsOf = async (caller: Caller, instant: string): Promise<CommentObject[]> => {
      const path = `/bug/${bugId}/comment?as_of=${encodeURIComponent(instant)}`;
      const result = await world.ok<{ bugs: Record<string, { comments: CommentObject[] }> }>(caller, 'GET', path);
      return result.bugs[String(bugId)]?.comments ?? [];
    };
    async function commentIdOf(count: number): Promise<number> {
      const comments = await commentsAsOf(ADMIN, '2099-01-01');
      const comment = comments.find((c) => c.count === count);
      if (!comment) throw new Error(`no comment ${count} on bug ${bugId}`);
      return comment.id;
    }

    const attachmentsAsOf = async (caller: Caller, instant: string): Promise<Array<Record<string, unknown>>> => {
      const path = `/bug/${bugId}/attachment?as_of=${encodeURIComponent(instant)}`;
      const result = await world.ok<{ bugs: Record<string, Array<Record<string, unknown>>> }>(caller, 'GET', path);
      return result.bugs[String(bugId)] ?? [];
    };

    const readAsOf = (caller: Caller, instant: string, query = ''): Promise<BugObject> =>
      bugs.read(caller, bugId, `?as_of=${encodeURIComponent(instant)}${query}`);

    it('shows the middle value of a field changed twice, with the times of then', async () => {
      expect(await readAsOf(ADMIN, middle)).toMatchObject({
        whiteboard: 'middle',
        creation_time: created,
        last_change_time: middle,
        groups: [],
      });
      expect((await readAsOf(ADMIN, secondBefore(last))).whiteboard).toBe('middle');
      expect((await readAsOf(ADMIN, created)).whiteboard).toBe('first');
      expect(await readAsOf(ADMIN, last)).toMatchObject({ whiteboard: 'last', last_change_time: last, groups: [] });
    });

    it('shows the flags as they were then', async () => {
      const flags = async (instant: string) =>
        ((await readAsOf(ADMIN, instant, '&include_fields=flags')).flags as Array<Record<string, unknown>>).map((flag) => [
          flag.name,
          flag.status,
          flag.creation_date,
          flag.modification_date,
        ]);
      expect(await flags(created)).toEqual([]);
      expect(await flags(middle)).toEqual([[flagType, '?', middle, middle]]);
      expect(await flags(last)).toEqual([[flagType, '+', middle, last]]);
    });

    it('applies include_fields as usual, and accepts any date form the other date parameters take', async () => {
      expect(await readAsOf(ADMIN, middle, '&include_fields=id,whiteboard')).toEqual({ id: bugId, whiteboard: 'middle' });
      const spaced = middle.replace('T', ' ').replace('Z', '');
      expect(await readAsOf(ADMIN, spaced, '&include_fields=whiteboard')).toEqual({ whiteboard: 'middle' });
    });

    it('answers an instant after the last change exactly as the bug is now', async () => {
      expect(await readAsOf(ADMIN, '2099-01-01T00:00:00Z')).toEqual(await bugs.read(ADMIN, bugId));
    });

    it('answers 101 for a bug that did not exist yet, and lists it among the faults with permissive', async () => {
      const before = secondBefore(created);
      expect(errorOf(await world.call(ADMIN, 'GET', `/bug/${bugId}?as_of=${encodeURIComponent(before)}`))).toEqual({
        status: 404,
        code: 101,
        message: `Bug #${bugId} does not exist.`,
      });
      const result = await world.ok<{ bugs: BugObject[]; faults: unknown[] }>(
        ADMIN,
        'GET',
        `/bug/${bugId}?as_of=${encodeURIComponent(before)}&permissive=1`,
      );
      expect(result).toEqual({ bugs: [], faults: [{ id: String(bugId), faultString: `Bug #${bugId} does not exist.`, faultCode: 101 }] });
    });

    it('applies visibility as it stands now: a bug moved into a group since is refused to outsiders even before the move', async () => {
      expect(errorOf(await world.call(outsider, 'GET', `/bug/${bugId}?as_of=${encodeURIComponent(middle)}`))).toEqual({
        status: 401,
        code: 102,
        message: `You are not authorized to access bug #${bugId}.`,
      });
      expect(await readAsOf(member, middle, '&include_fields=whiteboard,groups')).toEqual({ whiteboard: 'middle', groups: [] });
      expect(await readAsOf(member, moved, '&include_fields=groups')).toEqual({ groups: [group] });
    });

    it('refuses a malformed as_of with 56, changing nothing', async () => {
      for (const given of ['yesterday', '2026-13-01', '2026-11-22T25:00:00Z']) {
        expect(errorOf(await world.call(ADMIN, 'GET', `/bug/${bugId}?as_of=${encodeURIComponent(given)}`))).toEqual({
          status: 400,
          code: 56,
          message: `'${given}' is not a legal date.`,
        });
      }
    });

    it('lists the comments of then: one made private later shows as it was only to insiders', async () => {
      const shown = (comments: CommentObject[]) => comments.map((c) => [c.count, c.is_private]);
      expect(shown(await commentsAsOf(insider, created))).toEqual([[0, false]]);
      expect(shown(await commentsAsOf(insider, middle))).toEqual([
        [0, false],
        [1, false],
      ]);
      expect((await commentsAsOf(insider, middle))[1]).toMatchObject({ id: commentId, text: 'Seen in the logs.' });
      expect(shown(await commentsAsOf(insider, last))).toEqual([
        [0, false],
        [1, true],
      ]);
      expect(shown(await commentsAsOf(member, middle))).toEqual([[0, false]]);
      expect((await commentsAsOf(insider, tagged))[1]?.tags).toEqual(['evidence']);
      expect((await commentsAsOf(insider, '2099-01-01'))[1]?.tags).toEqual([]);
    });

    it('refuses comments as of an instant like the bug: 102 for a caller who may not see it now, 101 before it, 56 for a bad date', async () => {
      const comments = (caller: Caller, instant: string) =>
        world.call(caller, 'GET', `/bug/${bugId}/comment?as_of=${encodeURIComponent(instant)}`).then(errorOf);
      expect(await comments(outsider, middle)).toMatchObject({ status: 401, code: 102 });
      expect(await comments(insider, secondBefore(created))).toEqual({ status: 404, code: 101, message: `Bug #${bugId} does not exist.` });
      expect(await comments(insider, 'tuesday')).toEqual({ status: 400, code: 56, message: "'tuesday' is not a legal date." });
    });

    it('lists attachment metadata as it was then; one made private later only for insiders', async () => {
      const shown = async (caller: Caller, instant: string) =>
        (await attachmentsAsOf(caller, instant)).map((a) => [a.id, a.summary, a.is_private, a.last_change_time]);
      expect(await shown(insider, secondBefore(attached))).toEqual([]);
      expect(await shown(insider, attached)).toEqual([[attachmentId, 'Trace', false, attached]]);
      expect((await shown(insider, '2099-01-01'))[0]?.slice(0, 3)).toEqual([attachmentId, 'Renamed trace', true]);
      expect(await shown(member, attached)).toEqual([]);
      const byId = await world.call(member, 'GET', `/bug/attachment/${attachmentId}?as_of=${encodeURIComponent(attached)}`);
      expect(errorOf(byId)).toMatchObject({ code: 304 });
    });
  });
}
