import { REBUILD_COMMENTS_SUBJECT, REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type Caller, DATETIME, errorOf } from '../support/attachments-world';
import { AttachmentFlagsWorld, type AttachmentsReplyWithFlags, type FlaggedAttachment } from '../support/attachment-flags-world';

/**
 * Flags on attachments over the gateway's HTTP in both run modes (docs/attachments.md §1,
 * docs/flags.md §3–5): `flags` and `bug_flags` of attachment create and update, decided by
 * the flags service; refusals change nothing; `flags` in attachment reads (by bug, by id,
 * with `ids` and `attachment_ids`, skipped when filtered out); `flagtypes.name` in replies
 * and history (with `attachment_id`, hidden when private); `is_obsolete` cancelling `?`; the
 * read models rebuilt from the log answering the same.
 */
export function flagCases(tracker: () => RunningTracker): void {
  describe('attachments: flags', () => {
    const world = new AttachmentFlagsWorld(() => tracker().baseUrl);
    const name = (key: string): string => `${key}-${world.suffix}`;
    let where: { product: string; component: string };
    let ann: Caller;
    let bob: Caller;
    let insider: Caller;
    const file = (extra: Record<string, unknown> = {}) => ({
      data: Buffer.from('flagged').toString('base64'),
      file_name: 'f.txt',
      summary: 'flagged',
      content_type: 'text/plain',
      ...extra,
    });
    const bug = (): Promise<number> => world.bug(ann, 'Attachment flags.', where);
    const create = (caller: Caller, bugId: number, extra: Record<string, unknown>) =>
      world.call(caller, 'POST', `/bug/${bugId}/attachment`, file(extra));
    const attach = async (bugId: number, extra: Record<string, unknown> = {}, caller: Caller = ann): Promise<number> => {
      const response = await create(caller, bugId, extra);
      expect(response.status).toBe(201);
      return response.json<{ ids: number[] }>().ids[0] ?? 0;
    };
    const bugRead = async (bugId: number): Promise<Record<string, unknown>> =>
      (await world.ok<{ bugs: Array<Record<string, unknown>> }>(ADMIN, 'GET', `/bug/${bugId}`)).bugs[0] ?? {};

    beforeAll(async () => {
      await world.ok(ADMIN, 'PUT', '/group/editbugs', { user_regexp: '' });
      [ann, bob, insider] = await Promise.all([world.user('ann'), world.user('bob'), world.user('insider', ['insiders', 'editbugs'])]);
      where = await world.product('AttFlags');
      const type = (key: string, extra: Record<string, unknown>) =>
        world.flagType({ name: name(key), description: key, target_type: 'attachment', inclusions: [where.product], ...extra });
      await type('review', { sortkey: 1 });
      await type('approval', { sortkey: 2, is_multiplicable: false });
      await world.flagType({ name: name('needinfo'), description: 'needinfo', target_type: 'bug', inclusions: [where.product] });
    }, 180_000);

    it('creates an attachment with flags and bug_flags: flags in reads, requestees on CC, history rows', async () => {
      const bugId = await bug();
      const id = await attach(bugId, {
        flags: [
          { name: name('approval'), status: '+' },
          { name: name('review'), status: '?', requestee: bob.login },
        ],
        bug_flags: [{ name: name('needinfo'), status: '?', requestee: insider.login }],
      });
      expect(await world.flagSummary(ann, id)).toEqual([
        { name: name('review'), status: '?', setter: ann.login, requestee: bob.login },
        { name: name('approval'), status: '+', setter: ann.login },
      ]);
      const flags = await world.flagsOf(ann, id);
      for (const flag of flags) {
        expect(flag.creation_date).toMatch(DATETIME);
        expect(flag.modification_date).toBe(flag.creation_date);
      }
      const after = await bugRead(bugId);
      expect(after.cc).toEqual(expect.arrayContaining([bob.login, insider.login]));
      expect((after.flags as FlaggedAttachment['flags']).map((flag) => [flag.name, flag.status, flag.requestee])).toEqual([
        [name('needinfo'), '?', insider.login],
      ]);
      expect(await world.flagHistory(ADMIN, bugId)).toEqual(
        expect.arrayContaining([
          { who: ann.login, field_name: 'flagtypes.name', removed: '', added: `${name('needinfo')}?(${insider.login})` },
          {
            who: ann.login,
            field_name: 'flagtypes.name',
            removed: '',
            added: `${name('review')}?(${bob.login}), ${name('approval')}+`,
            attachment_id: id,
          },
        ]),
      );
    });

    it('reads flags by bug, by id, with ids and attachment_ids, and leaves them out when filtered', async () => {
      const [first, second] = [await bug(), await bug()];
      const one = await attach(first, { flags: [{ name: name('review'), status: '+' }] });
      const two = await attach(second);
      const flagsOfOne = await world.flagsOf(ann, one);
      expect(flagsOfOne).toHaveLength(1);
      const byBug = await world.ok<AttachmentsReplyWithFlags>(ann, 'GET', `/bug/${first}/attachment?ids=${second}&attachment_ids=${two}`);
      expect(Object.keys(byBug.bugs).sort()).toEqual([String(first), String(second)].sort());
      expect(byBug.bugs[String(first)]?.map((entry) => [entry.id, entry.flags])).toEqual([[one, flagsOfOne]]);
      expect(byBug.bugs[String(second)]?.map((entry) => [entry.id, entry.flags])).toEqual([[two, []]]);
      expect(Object.values(byBug.attachments).map((entry) => [entry.id, entry.flags])).toEqual([[two, []]]);
      const byId = await world.ok<AttachmentsReplyWithFlags>(ann, 'GET', `/bug/attachment/${two}?attachment_ids=${one}&ids=${first}`);
      expect(byId.attachments[String(one)]?.flags).toEqual(flagsOfOne);
      expect(byId.attachments[String(two)]?.flags).toEqual([]);
      expect(byId.bugs[String(first)]?.map((entry) => entry.id)).toEqual([one]);
      expect(await world.attachment(ann, one, '?exclude_fields=flags')).not.toHaveProperty('flags');
      expect(await world.attachment(ann, one, '?include_fields=id,flags')).toEqual({ id: one, flags: flagsOfOne });
    });

    it('updates flags: changes as flagtypes.name, last_change_time of the attachment and the bug moved, history', async () => {
      const bugId = await bug();
      const id = await attach(bugId, { flags: [{ name: name('review'), status: '?', requestee: bob.login }] });
      const [flag] = await world.flagsOf(ann, id);
      const before = await world.attachment(ann, id);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reply = await world.ok<{ attachments: Array<{ id: number; last_change_time: string; changes: unknown }> }>(
        ann,
        'PUT',
        `/bug/attachment/${id}`,
        { flags: [{ id: flag?.id, status: '+' }] },
      );
      expect(reply.attachments).toEqual([
        {
          id,
          last_change_time: expect.stringMatching(DATETIME),
          changes: { 'flagtypes.name': { removed: `${name('review')}?(${bob.login})`, added: `${name('review')}+` } },
        },
      ]);
      expect(reply.attachments[0]?.last_change_time).not.toBe(before?.last_change_time);
      const after = await world.attachment(ann, id);
      expect(after?.last_change_time).toBe(reply.attachments[0]?.last_change_time);
      expect((await bugRead(bugId)).last_change_time).toBe(reply.attachments[0]?.last_change_time);
      expect(await world.flagSummary(ann, id)).toEqual([{ name: name('review'), status: '+', setter: ann.login }]);
      expect((await world.flagHistory(ADMIN, bugId)).at(-1)).toEqual({
        who: ann.login,
        field_name: 'flagtypes.name',
        removed: `${name('review')}?(${bob.login})`,
        added: `${name('review')}+`,
        attachment_id: id,
      });
    });

    it.each([
      ['an unknown type name', { flags: [{ name: 'no-such', status: '?' }] }, 404, 51, "There is no flagtype named 'no-such'."],
      [
        'a bug type among the attachment flags',
        { flags: [{ name: 'NEEDINFO', status: '?' }] },
        404,
        51,
        "There is no flagtype named 'NEEDINFO'.",
      ],
      ['a bad status', { flags: [{ name: 'REVIEW', status: '!' }] }, 400, 129, 'The flag status ! is invalid.'],
      [
        'nothing identifying',
        { flags: [{ status: '?' }] },
        400,
        50,
        'The function requires a id/type_id argument, and that argument was not set.',
      ],
      [
        'a second flag of a type not multiplicable',
        {
          flags: [
            { name: 'APPROVAL', status: '+' },
            { name: 'APPROVAL', status: '-', new: true },
          ],
        },
        400,
        32000,
        'You cannot have several APPROVAL flags for this attachment.',
      ],
      [
        'a good flag with a bad bug flag',
        { flags: [{ name: 'REVIEW', status: '+' }], bug_flags: [{ name: 'REVIEW', status: '+' }] },
        404,
        51,
        "There is no flagtype named 'REVIEW'.",
      ],
    ])('refuses %s on create and update, writing nothing', async (_case, raw, status, code, message) => {
      const named = (text: string): string => text.replace(/NEEDINFO|APPROVAL|REVIEW/g, (key) => name(key.toLowerCase()));
      const body = JSON.parse(named(JSON.stringify(raw))) as Record<string, unknown>;
      const bugId = await bug();
      const id = await attach(bugId);
      const reads = async () => [await world.listed(ADMIN, bugId), await bugRead(bugId), await world.flagHistory(ADMIN, bugId)];
      const before = await reads();
      expect(errorOf(await create(ann, bugId, body))).toEqual({ status, code, message: named(message) });
      expect(errorOf(await world.call(ann, 'PUT', `/bug/attachment/${id}`, { summary: 'must not stick', ...body }))).toEqual({
        status,
        code,
        message: named(message),
      });
      expect(await reads()).toEqual(before);
    });

    it('cancels pending requests of an attachment made obsolete, keeping granted flags', async () => {
      const bugId = await bug();
      const id = await attach(bugId, {
        flags: [
          { name: name('review'), status: '?', requestee: bob.login },
          { name: name('approval'), status: '+' },
        ],
      });
      const reply = await world.ok<{ attachments: Array<{ changes: Record<string, unknown> }> }>(ann, 'PUT', `/bug/attachment/${id}`, {
        is_obsolete: true,
      });
      expect(reply.attachments[0]?.changes).toEqual({
        is_obsolete: { removed: '0', added: '1' },
        'flagtypes.name': { removed: `${name('review')}?(${bob.login})`, added: '' },
      });
      expect(await world.flagSummary(ann, id)).toEqual([{ name: name('approval'), status: '+', setter: ann.login }]);
      const obsoleting = await attach(bugId, { flags: [{ name: name('review'), status: '?' }] });
      await attach(bugId, { obsoletes: [String(obsoleting)] });
      expect(await world.flagsOf(ann, obsoleting)).toEqual([]);
    });

    it('hides the flag rows of a private attachment from outsiders of the insider group', async () => {
      const bugId = await bug();
      const id = await attach(bugId, { is_private: true, flags: [{ name: name('review'), status: '+' }] }, insider);
      const row = { who: insider.login, field_name: 'flagtypes.name', removed: '', added: `${name('review')}+`, attachment_id: id };
      expect(await world.flagHistory(insider, bugId)).toEqual([row]);
      expect(await world.flagHistory(ann, bugId)).toEqual([]);
      expect(await world.flagSummary(insider, id)).toEqual([{ name: name('review'), status: '+', setter: insider.login }]);
    });

    it('answers the same attachment flags after the flags and comments read models are rebuilt from the log', async () => {
      const bugId = await bug();
      await attach(bugId, { flags: [{ name: name('review'), status: '?', requestee: bob.login }] });
      const id = await attach(bugId, { flags: [{ name: name('approval'), status: '-' }] });
      await world.ok(ann, 'PUT', `/bug/attachment/${id}`, { flags: [{ name: name('review'), status: '+' }] });
      const read = () => world.call(ann, 'GET', `/bug/${bugId}/attachment?include_fields=id,flags,last_change_time`).then((r) => r.text);
      const before = await read();
      expect(before).toContain(name('approval'));
      await tracker().request(REBUILD_FLAGS_SUBJECT, {});
      expect(await read()).toBe(before);
      await tracker().request(REBUILD_COMMENTS_SUBJECT, {});
      expect(await read()).toBe(before);
    });
  });
}
