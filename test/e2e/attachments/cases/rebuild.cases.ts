import { REBUILD_COMMENTS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, AttachmentsWorld, type Caller } from '../support/attachments-world';

/**
 * Dropping the comments read model and replaying the log gives identical attachment answers,
 * `data` included (docs/attachments.md §7, "Rebuild"), for an insider and an outsider.
 */
export function rebuildCases(tracker: () => RunningTracker): void {
  describe('attachments: rebuild', () => {
    const world = new AttachmentsWorld(() => tracker().baseUrl);
    let ann: Caller;
    let insider: Caller;
    let bug: number;
    let ids: number[];

    beforeAll(async () => {
      [ann, insider] = await Promise.all([world.user('ann', [], 'Ann Rebuild'), world.user('insider', ['insiders', 'editbugs'])]);
      bug = await world.bug(ann, 'Rebuild me.');
      const [first = 0] = await world.attach(ann, bug, 'first', { comment: 'one' });
      const [second = 0] = await world.attach(insider, bug, Buffer.from([0, 1, 2, 255]), { is_private: true, content_type: 'image/png' });
      const [third = 0] = await world.attach(ann, bug, 'third', { obsoletes: [String(first)], is_patch: true });
      await world.ok(ann, 'PUT', `/bug/attachment/${third}`, { summary: 'Renamed', comment: 'changed' });
      ids = [first, second, third];
    }, 120_000);

    const answers = async (): Promise<unknown[]> => {
      const reads: unknown[] = [];
      for (const caller of [ANONYMOUS, ann, insider, ADMIN]) {
        reads.push(await world.call(caller, 'GET', `/bug/${bug}/attachment`).then((response) => response.text));
        reads.push(await world.call(caller, 'GET', `/bug/${bug}/comment`).then((response) => response.text));
        for (const id of ids)
          reads.push(await world.call(caller, 'GET', `/bug/attachment/${id}`).then((response) => [response.status, response.text]));
      }
      return reads;
    };

    it('answers every read (by bug, by id, comments; with data) the same after comments.admin.rebuild', async () => {
      const before = await answers();
      expect(before.some((read) => typeof read === 'string' && read.includes('"is_obsolete":true'))).toBe(true);
      await tracker().request(REBUILD_COMMENTS_SUBJECT, {});
      expect(await answers()).toEqual(before);
    });
  });
}
