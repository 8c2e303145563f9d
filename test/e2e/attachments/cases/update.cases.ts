import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, type AttachmentsWorld as World, AttachmentsWorld, type Caller, errorOf } from '../support/attachments-world';

interface HistoryReply {
  bugs: Array<{
    id: number;
    history: Array<{ who: string; changes: Array<{ field_name: string; removed: string; added: string; attachment_id?: number }> }>;
  }>;
}

const update = (world: World, caller: Caller, id: number, body: Record<string, unknown>) =>
  world.call(caller, 'PUT', `/bug/attachment/${id}`, body);

/**
 * Updating attachments (docs/attachments.md §1.3, §2 update, §4.3) and the history it leaves
 * (bug-stream-writes.md §5), through the gateway's HTTP in both run modes.
 */
export function updateCases(tracker: () => RunningTracker): void {
  describe('attachments: update and history', () => {
    const world = new AttachmentsWorld(() => tracker().baseUrl);
    let ann: Caller;
    let bob: Caller;
    let insider: Caller;
    let bug: number;

    beforeAll(async () => {
      // editbugs for explicit members only: a plain user may edit only their own attachments (§4.3)
      await world.ok(ADMIN, 'PUT', '/group/editbugs', { user_regexp: '' });
      [ann, bob, insider] = await Promise.all([world.user('ann'), world.user('bob'), world.user('insider', ['insiders', 'editbugs'])]);
      bug = await world.bug(ann, 'Attachments get edited.');
    }, 120_000);

    const history = async (caller: Caller): Promise<HistoryReply['bugs'][number]['history']> =>
      (await world.ok<HistoryReply>(caller, 'GET', `/bug/${bug}/history`)).bugs[0]?.history ?? [];

    it('changes every field, answers the changes as strings with "1"/"0", and writes history rows with the attachment id', async () => {
      const [id = 0] = await world.attach(ann, bug, 'v1');
      const before = await world.attachment(ann, id);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reply = await world.ok<{ attachments: Array<{ id: number; last_change_time: string; changes: unknown }> }>(
        ann,
        'PUT',
        `/bug/attachment/${id}`,
        {
          summary: 'Renamed',
          file_name: 'c:\\logs\\new.log',
          content_type: 'text/x-log',
          is_obsolete: true,
          ignored_key: 1,
        },
      );
      expect(reply.attachments).toEqual([
        {
          id,
          last_change_time: expect.not.stringMatching(before?.last_change_time ?? 'x'),
          changes: {
            summary: { removed: 'Some notes', added: 'Renamed' },
            file_name: { removed: 'notes.txt', added: 'new.log' },
            is_obsolete: { removed: '0', added: '1' },
            content_type: { removed: 'text/plain', added: 'text/x-log' },
          },
        },
      ]);
      const after = await world.attachment(ann, id, '?exclude_fields=data');
      expect(after).toMatchObject({ summary: 'Renamed', file_name: 'new.log', content_type: 'text/x-log', is_obsolete: true });
      expect(after?.last_change_time).toBe(reply.attachments[0]?.last_change_time);
      const rows = (await history(ann)).flatMap((entry) => entry.changes).filter((row) => row.attachment_id === id);
      expect(rows).toEqual([
        { field_name: 'attachments.description', removed: 'Some notes', added: 'Renamed', attachment_id: id },
        { field_name: 'attachments.filename', removed: 'notes.txt', added: 'new.log', attachment_id: id },
        { field_name: 'attachments.isobsolete', removed: '0', added: '1', attachment_id: id },
        { field_name: 'attachments.mimetype', removed: 'text/plain', added: 'text/x-log', attachment_id: id },
      ]);
      const { bugs } = await world.ok<{ bugs: Array<{ last_change_time: string }> }>(
        ann,
        'GET',
        `/bug/${bug}?include_fields=last_change_time`,
      );
      expect(bugs[0]?.last_change_time).toBe(reply.attachments[0]?.last_change_time);
    });

    it('forces text/plain with is_patch, keeps last_change_time on a no-op, and adds "Comment on attachment N"', async () => {
      const [id = 0] = await world.attach(ann, bug, 'diff', { content_type: 'application/x-thing' });
      const patched = await world.ok<{ attachments: Array<{ changes: unknown; last_change_time: string }> }>(
        ann,
        'PUT',
        `/bug/attachment/${id}`,
        { is_patch: true },
      );
      expect(patched.attachments[0]?.changes).toEqual({
        is_patch: { removed: '0', added: '1' },
        content_type: { removed: 'application/x-thing', added: 'text/plain' },
      });
      const noop = await world.ok<{ attachments: Array<{ changes: unknown; last_change_time: string }> }>(
        ann,
        'PUT',
        `/bug/attachment/${id}`,
        {
          is_patch: true,
          summary: 'Some notes',
          comment: 'Reviewed.',
        },
      );
      expect(noop.attachments[0]).toEqual({ id, changes: {}, last_change_time: patched.attachments[0]?.last_change_time });
      const { bugs } = await world.ok<{ bugs: Record<string, { comments: Array<{ text: string; attachment_id: number | null }> }> }>(
        ann,
        'GET',
        `/bug/${bug}/comment`,
      );
      expect(bugs[String(bug)]?.comments.at(-1)).toMatchObject({
        text: `Comment on attachment ${id}\nSome notes\n\nReviewed.`,
        attachment_id: id,
      });
    });

    it('is all or nothing over ids: a refused second attachment leaves the first unchanged', async () => {
      const [mine = 0] = await world.attach(ann, bug, 'mine');
      const [theirs = 0] = await world.attach(bob, bug, 'theirs');
      const response = await update(world, ann, mine, { ids: [theirs], summary: 'Both' });
      expect(errorOf(response)).toEqual({ status: 400, code: 32000, message: `You are not authorized to edit attachment ${theirs}.` });
      expect((await world.attachment(ann, mine))?.summary).toBe('Some notes');
    });

    it.each([
      ['no login', 'anonymous', {}, 401, 410],
      ['an empty file name', 'ann', { file_name: '  ' }, 400, 603],
      ['a blank summary', 'ann', { summary: '' }, 400, 604],
      ['a bad content type', 'ann', { content_type: 'text' }, 400, 601],
      ['a privacy change by a non-insider', 'ann', { is_private: true }, 401, 113],
      ['a change by someone who may not edit it', 'bob', { summary: 'Mine now' }, 400, 32000],
    ])('refuses %s, changing nothing', async (_case, who, body, status, code) => {
      const [id = 0] = await world.attach(ann, bug, 'x');
      const caller = who === 'anonymous' ? ANONYMOUS : who === 'bob' ? bob : ann;
      expect(errorOf(await update(world, caller, id, body))).toMatchObject({ status, code });
      expect(await world.attachment(ann, id, '?exclude_fields=data,creation_time,last_change_time')).toMatchObject({
        summary: 'Some notes',
        is_private: false,
      });
    });

    it('answers 32000 for an unknown attachment id', async () => {
      expect(errorOf(await update(world, ann, 99999999, { summary: 'x' }))).toEqual({
        status: 400,
        code: 32000,
        message: 'The attachment id 99999999 is invalid.',
      });
    });

    it('hides history rows of an attachment that is private now from non-insiders', async () => {
      const [id = 0] = await world.attach(ann, bug, 'soon private');
      await world.ok(ann, 'PUT', `/bug/attachment/${id}`, { summary: 'Before privacy' });
      await world.ok(insider, 'PUT', `/bug/attachment/${id}`, { is_private: true });
      const rowsFor = async (caller: Caller) =>
        (await history(caller)).flatMap((entry) => entry.changes).filter((row) => row.attachment_id === id);
      expect((await rowsFor(insider)).map((row) => row.field_name)).toEqual(['attachments.description', 'attachments.isprivate']);
      expect(await rowsFor(ann)).toEqual([]);
      expect((await rowsFor(ADMIN)).length).toBe(2);
    });
  });
}
