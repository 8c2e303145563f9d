import type { CommentObject, CommentsResult } from '@tracker/contracts';
import { describeInBothModes } from '../../support/modes';
import { ADMIN, ANONYMOUS, type Caller, CommentsWorld, DATETIME, errorOf } from './support/comments-world';

/**
 * Comments over the gateway's HTTP, in both run modes: create, read, privacy for each kind
 * of caller, time tracking, limits, visibility of the bug, field filtering, rendering and
 * the rebuild of the read model. Comment tagging is limited to the 'admin' group here, as
 * in the golden recordings; comment-tags-disabled.e2e.spec.ts switches it off.
 */
describeInBothModes(
  'comments',
  (tracker) => {
    const world = new CommentsWorld(() => tracker().baseUrl);
    let reporter: Caller;
    let insider: Caller;
    let timetracker: Caller;
    let outsider: Caller;
    let bugId: number;
    let otherBugId: number;

    const comments = async (caller: Caller, path: string): Promise<CommentsResult> => world.ok<CommentsResult>(caller, 'GET', path);
    const bugComments = async (caller: Caller, id: number, query = ''): Promise<readonly CommentObject[]> =>
      (await comments(caller, `/bug/${id}/comment${query}`)).bugs[String(id)]?.comments ?? [];

    beforeAll(async () => {
      [reporter, insider, timetracker, outsider] = await Promise.all([
        world.user('reporter'),
        world.user('insider', ['insiders']),
        world.user('timetracker', ['timetrackers']),
        world.user('outsider'),
      ]);
      bugId = await world.bug(reporter, 'It crashes when I type bug 1.');
      otherBugId = await world.bug(reporter, 'Another one.');
    }, 60_000);

    it('shows comment 0 with the description as soon as the bug is created', async () => {
      const id = await world.bug(reporter, 'Created and read at once.\r\nSecond line.   ');
      const [description, ...rest] = await bugComments(ANONYMOUS, id);
      expect(rest).toEqual([]);
      expect(description).toEqual({
        id: expect.any(Number),
        bug_id: id,
        attachment_id: null,
        count: 0,
        text: 'Created and read at once.\nSecond line.',
        raw_text: 'Created and read at once.\nSecond line.',
        creator: reporter.login,
        time: expect.stringMatching(DATETIME),
        creation_time: description?.time,
        is_private: false,
        is_markdown: false,
        tags: [],
      });
    });

    it('adds a comment (201 {id}) that is readable at once, by bug and by id', async () => {
      const response = await world.call(outsider, 'POST', `/bug/${bugId}/comment`, {
        comment: 'Same here, see bug 1.\n\n> quoted line',
        is_markdown: true,
      });
      expect(response.status).toBe(201);
      const { id } = response.json<{ id: number }>();
      expect(Object.keys(response.json())).toEqual(['id']);
      const byId = await comments(ANONYMOUS, `/bug/comment/${id}`);
      expect(byId).toEqual({
        bugs: {},
        comments: {
          [id]: {
            id,
            bug_id: bugId,
            attachment_id: null,
            count: expect.any(Number),
            text: 'Same here, see bug 1.\n\n> quoted line',
            raw_text: 'Same here, see bug 1.\n\n> quoted line',
            creator: outsider.login,
            time: expect.stringMatching(DATETIME),
            creation_time: byId.comments[id]?.time,
            is_private: false,
            is_markdown: true,
            tags: [],
          },
        },
      });
      const all = await bugComments(ANONYMOUS, bugId);
      expect(all.at(-1)).toEqual(byId.comments[id]);
      expect(all.map((comment) => comment.count)).toEqual(all.map((_, index) => index));
    });

    it('requires a login and a comment that is not blank (golden 101)', async () => {
      expect(errorOf(await world.call(ANONYMOUS, 'POST', `/bug/${bugId}/comment`, { comment: 'x' }))).toEqual({
        status: 401,
        code: 410,
        message: 'You must log in before using this part of Tracker.',
      });
      for (const body of [{ comment: '' }, { comment: ' \n\t' }, {}]) {
        expect(errorOf(await world.call(reporter, 'POST', `/bug/${bugId}/comment`, body))).toEqual({
          status: 400,
          code: 50,
          message: 'The function requires a comment argument, and that argument was not set.',
        });
      }
    });

    it('answers 101 and 100 for bugs that do not exist', async () => {
      expect(errorOf(await world.call(reporter, 'POST', '/bug/99999999/comment', { comment: 'x' }))).toEqual({
        status: 404,
        code: 101,
        message: 'Bug #99999999 does not exist.',
      });
      expect(errorOf(await world.call(reporter, 'POST', '/bug/no-such-alias/comment', { comment: 'x' }))).toEqual({
        status: 400,
        code: 100,
        message: "'no-such-alias' is not a valid bug number nor an alias to a bug.",
      });
      expect(errorOf(await world.call(reporter, 'GET', '/bug/99999999/comment'))).toMatchObject({ status: 404, code: 101 });
    });

    it('keeps private comments to the insider group: 113 for others, hidden in lists, 110 by id', async () => {
      expect(errorOf(await world.call(reporter, 'POST', `/bug/${bugId}/comment`, { comment: 'psst', is_private: true }))).toEqual({
        status: 401,
        code: 113,
        message: 'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
      });
      const id = await world.comment(insider, bugId, { comment: 'Private note: suspect the rotation matrix.', is_private: true });
      for (const caller of [ANONYMOUS, reporter, outsider]) {
        expect((await bugComments(caller, bugId)).map((comment) => comment.id)).not.toContain(id);
        expect(errorOf(await world.call(caller, 'GET', `/bug/comment/${id}`))).toEqual({
          status: 401,
          code: 110,
          message: `Comment id ${id} is private.`,
        });
      }
      const seen = (await bugComments(insider, bugId)).find((comment) => comment.id === id);
      expect(seen).toMatchObject({ id, creator: insider.login, is_private: true, text: 'Private note: suspect the rotation matrix.' });
      expect((await comments(insider, `/bug/comment/${id}`)).comments[id]).toEqual(seen);
      // a private comment still has its place: the next comment's count counts it
      const next = await world.comment(reporter, bugId, { comment: 'after the private one' });
      const all = await bugComments(insider, bugId);
      expect(all.find((comment) => comment.id === next)?.count).toBe((seen?.count ?? -1) + 1);
    });

    it('adds the comment of a bug update like any other, readable as soon as the update answers', async () => {
      await world.ok(reporter, 'PUT', `/bug/${bugId}`, { comment: { body: 'Changed with an update.', is_markdown: true } });
      expect((await bugComments(ANONYMOUS, bugId)).at(-1)).toMatchObject({
        text: 'Changed with an update.',
        raw_text: 'Changed with an update.',
        creator: reporter.login,
        is_markdown: true,
        is_private: false,
      });
    });

    it("changes a comment's privacy through the bug update's comment_is_private, hiding it even from its author", async () => {
      const id = await world.comment(reporter, bugId, { comment: 'Soon private.' });
      await world.ok(insider, 'PUT', `/bug/${bugId}`, { comment_is_private: { [id]: true } });
      // Bugzilla's Bug.comments has no author exception (its web page has): the author is outside the insider group
      expect((await bugComments(reporter, bugId)).map((comment) => comment.id)).not.toContain(id);
      expect(errorOf(await world.call(reporter, 'GET', `/bug/comment/${id}`))).toMatchObject({ status: 401, code: 110 });
      expect(errorOf(await world.call(ANONYMOUS, 'GET', `/bug/comment/${id}`))).toMatchObject({ status: 401, code: 110 });
      expect((await comments(insider, `/bug/comment/${id}`)).comments[id]?.is_private).toBe(true);
      await world.ok(insider, 'PUT', `/bug/${bugId}`, { comment_is_private: { [id]: false } });
      expect((await comments(ANONYMOUS, `/bug/comment/${id}`)).comments[id]?.is_private).toBe(false);
    });

    it('shows the duplicate notes Bugzilla adds in text and leaves them out of raw_text', async () => {
      const original = await world.bug(reporter, 'The original.');
      const duplicate = await world.bug(reporter, 'The same again.');
      await world.ok(reporter, 'PUT', `/bug/${duplicate}`, { dupe_of: original, comment: 'Same crash.' });
      expect((await bugComments(reporter, duplicate)).at(-1)).toMatchObject({
        text: `Same crash.\n\n*** This bug has been marked as a duplicate of bug ${original} ***`,
        raw_text: 'Same crash.',
      });
      expect((await bugComments(reporter, original)).at(-1)).toMatchObject({
        text: `*** Bug ${duplicate} has been marked as a duplicate of this bug. ***`,
        raw_text: '',
      });
    });

    it('records hours worked for time trackers (54 over 99999.99) and ignores them for others', async () => {
      await world.comment(timetracker, bugId, { comment: 'Worked on it.', work_time: 1.5 });
      expect(errorOf(await world.call(timetracker, 'POST', `/bug/${bugId}/comment`, { comment: 'too much', work_time: 100000 }))).toEqual({
        status: 400,
        code: 54,
        message: "The value '100000' in the Hours Worked field is more than the maximum allowable value of '99999.99'.",
      });
      const id = await world.comment(reporter, bugId, { comment: 'Not a time tracker.', work_time: 100000 });
      expect((await comments(reporter, `/bug/comment/${id}`)).comments[id]?.text).toBe('Not a time tracker.');
    });

    it('allows 65,535 characters and refuses one more (114)', async () => {
      const id = await world.comment(reporter, bugId, { comment: 'x'.repeat(65_535) });
      expect((await comments(reporter, `/bug/comment/${id}`)).comments[id]?.text).toHaveLength(65_535);
      expect(errorOf(await world.call(reporter, 'POST', `/bug/${bugId}/comment`, { comment: 'x'.repeat(65_536) }))).toEqual({
        status: 400,
        code: 114,
        message: 'Comments cannot be longer than 65535 characters.',
      });
    });

    it('comments several bugs at once with `ids` and answers the first id', async () => {
      const { id } = await world.ok<{ id: number }>(
        reporter,
        'POST',
        `/bug/${bugId}/comment`,
        { comment: 'On both bugs.', ids: [otherBugId, bugId] },
        201,
      );
      const first = (await bugComments(reporter, bugId)).at(-1);
      const second = (await bugComments(reporter, otherBugId)).at(-1);
      expect(first).toMatchObject({ id, text: 'On both bugs.' });
      expect(second).toMatchObject({ text: 'On both bugs.', bug_id: otherBugId });
      expect(second?.id).not.toBe(id);
    });

    it('lists each bug once however often it is asked, and comments by id beside them', async () => {
      const first = (await bugComments(reporter, bugId))[0];
      const result = await comments(reporter, `/bug/${bugId}/comment?ids=${otherBugId}&ids=${bugId}&comment_ids=${first?.id ?? 0}`);
      expect(Object.keys(result.bugs)).toEqual([String(bugId), String(otherBugId)].sort((a, b) => Number(a) - Number(b)));
      expect(Object.keys(result.comments)).toEqual([String(first?.id)]);
      const byIds = await comments(reporter, `/bug/comment/${first?.id ?? 0}?comment_ids=${first?.id ?? 0}`);
      expect(byIds).toEqual({ bugs: {}, comments: { [String(first?.id)]: first } });
    });

    it('limits bug-scoped results with new_since, strictly after, but never comments asked by id', async () => {
      const all = await bugComments(reporter, bugId);
      const last = all.at(-1);
      expect(await bugComments(reporter, bugId, '?new_since=2000-01-01T00:00:00Z')).toEqual(all);
      expect(await bugComments(reporter, bugId, `?new_since=${last?.time ?? ''}`)).toEqual([]);
      const byId = await comments(reporter, `/bug/comment/${all[0]?.id ?? 0}?new_since=${last?.time ?? ''}`);
      expect(Object.keys(byId.comments)).toEqual([String(all[0]?.id)]);
    });

    it('answers 111 for comment ids that are not numbers or no comment', async () => {
      expect(errorOf(await world.call(reporter, 'GET', '/bug/comment/99999999'))).toEqual({
        status: 400,
        code: 111,
        message: '99999999 is not a valid comment id.',
      });
      expect(errorOf(await world.call(reporter, 'GET', '/bug/comment/abc'))).toEqual({
        status: 400,
        code: 111,
        message: 'abc is not a valid comment id.',
      });
    });

    it('applies include_fields and exclude_fields to comment objects only', async () => {
      const only = await comments(reporter, `/bug/${bugId}/comment?include_fields=id,text`);
      expect(Object.keys(only)).toEqual(['bugs', 'comments']);
      expect(Object.keys(only.bugs[String(bugId)]?.comments[0] ?? {})).toEqual(['id', 'text']);
      const without = await comments(reporter, `/bug/${bugId}/comment?exclude_fields=text,raw_text,tags`);
      expect(Object.keys(without.bugs[String(bugId)]?.comments[0] ?? {})).toEqual([
        'id',
        'bug_id',
        'attachment_id',
        'count',
        'creator',
        'time',
        'creation_time',
        'is_private',
        'is_markdown',
      ]);
    });

    it('renders text against a visible bug, linking what exists and escaping everything else', async () => {
      const { html } = await world.ok<{ html: string }>(reporter, 'POST', '/bug/comment/render', {
        text: `see bug ${otherBugId}; comment 2 and bug 99999999 <script>alert("x")</script>`,
        id: bugId,
      });
      expect(html).toBe(
        `see <a class="bz_bug_link" href="show_bug.cgi?id=${otherBugId}">bug ${otherBugId}</a>; ` +
          `<a href="show_bug.cgi?id=${bugId}#c2">comment 2</a> and bug 99999999 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;`,
      );
      const markdown = await world.ok<{ html: string }>(ANONYMOUS, 'POST', '/bug/comment/render', {
        text: '**bold** [x](javascript:alert(1)) <img src=x onerror=alert(1)>',
        is_markdown: true,
      });
      expect(markdown.html).toBe('<p><strong>bold</strong> [x](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt;</p>\n');
      expect(errorOf(await world.call(reporter, 'POST', '/bug/comment/render', {}))).toEqual({
        status: 400,
        code: 50,
        message: 'The function Bug.render_comment requires that you set one of the following parameters: text',
      });
      expect(errorOf(await world.call(reporter, 'POST', '/bug/comment/render', { text: 'x', id: 99999999 }))).toMatchObject({
        status: 404,
        code: 101,
      });
    });

    describe('on a bug in a private group', () => {
      let secretBugId: number;
      let member: Caller;

      beforeAll(async () => {
        const group = await world.group('secret');
        member = await world.user('member', [group]);
        const where = await world.product('Secret', [{ group, entry: false, membercontrol: 'Shown', othercontrol: 'NA', canedit: false }]);
        secretBugId = await world.bug(member, 'Secret crash.', { ...where, groups: [group] });
      }, 60_000);

      it('shows its comments only to those who may see the bug (102 otherwise)', async () => {
        expect((await bugComments(member, secretBugId)).map((comment) => comment.text)).toEqual(['Secret crash.']);
        const commentId = (await bugComments(member, secretBugId))[0]?.id ?? 0;
        for (const caller of [outsider, ANONYMOUS]) {
          expect(errorOf(await world.call(caller, 'GET', `/bug/${secretBugId}/comment`))).toMatchObject({ status: 401, code: 102 });
          expect(errorOf(await world.call(caller, 'GET', `/bug/comment/${commentId}`))).toMatchObject({ status: 401, code: 102 });
        }
        expect(errorOf(await world.call(outsider, 'POST', `/bug/${secretBugId}/comment`, { comment: 'let me in' }))).toMatchObject({
          status: 401,
          code: 102,
        });
        expect(errorOf(await world.call(outsider, 'POST', '/bug/comment/render', { text: 'x', id: secretBugId }))).toMatchObject({
          status: 401,
          code: 102,
        });
        const { html } = await world.ok<{ html: string }>(outsider, 'POST', '/bug/comment/render', { text: `bug ${secretBugId}` });
        expect(html).toBe(`<a class="bz_bug_link" href="show_bug.cgi?id=${secretBugId}">bug ${secretBugId}</a>`);
      });
    });

    it('refuses a comment from a caller who may see but not edit the bug (109), writing nothing', async () => {
      const editors = await world.group('editors');
      const where = await world.product('Guarded', [
        { group: editors, entry: false, membercontrol: 'NA', othercontrol: 'NA', canedit: true },
      ]);
      const guardedBugId = await world.bug(ADMIN, 'Guarded bug.', where);
      expect(errorOf(await world.call(reporter, 'POST', `/bug/${guardedBugId}/comment`, { comment: 'may I?' }))).toEqual({
        status: 401,
        code: 109,
        message: `You are not permitted to edit bugs in product ${where.product}.`,
      });
      expect(errorOf(await world.call(reporter, 'POST', `/bug/${bugId}/comment`, { comment: 'both?', ids: [guardedBugId] }))).toMatchObject(
        { code: 109 },
      );
      expect((await bugComments(reporter, guardedBugId)).map((comment) => comment.text)).toEqual(['Guarded bug.']);
      expect((await bugComments(reporter, bugId)).map((comment) => comment.text)).not.toContain('both?');
    });

    describe('comment tags', () => {
      let commentId: number;

      beforeAll(async () => {
        commentId = await world.comment(reporter, bugId, { comment: 'Tag me.' });
      });

      it('adds and removes tags and answers the sorted list (golden 108)', async () => {
        expect(await world.ok(ADMIN, 'PUT', `/bug/comment/${commentId}/tags`, { add: ['spam', 'needinfo-golden'], remove: [] })).toEqual([
          'needinfo-golden',
          'spam',
        ]);
        expect(
          await world.ok(ADMIN, 'PUT', `/bug/comment/${commentId}/tags`, { add: ['SPAM', 'Zebra'], remove: ['NEEDINFO-golden'] }),
        ).toEqual(['spam', 'Zebra']);
        expect((await comments(reporter, `/bug/comment/${commentId}`)).comments[commentId]?.tags).toEqual(['spam', 'Zebra']);
      });

      it('sets tags on a new comment (comment_tags) and finds them, most used first', async () => {
        const id = await world.comment(ADMIN, bugId, { comment: 'Tagged at birth.', comment_tags: ['spam', 'spaghetti'] });
        expect((await comments(ADMIN, `/bug/comment/${id}`)).comments[id]?.tags).toEqual(['spaghetti', 'spam']);
        expect(await world.ok(ADMIN, 'GET', '/bug/comment/tags/SP')).toEqual(['spam', 'spaghetti']);
        expect(await world.ok(ADMIN, 'GET', '/bug/comment/tags/sp?limit=1')).toEqual(['spam']);
        expect(await world.ok(ADMIN, 'GET', '/bug/comment/tags/nothing-like-it')).toEqual([]);
      });

      it("refuses callers outside the taggers group with golden 110's message", async () => {
        expect(errorOf(await world.call(reporter, 'PUT', `/bug/comment/${commentId}/tags`, { add: ['x'] }))).toEqual({
          status: 401,
          code: 304,
          message: "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to comment tags.",
        });
        expect(errorOf(await world.call(reporter, 'GET', '/bug/comment/tags/sp'))).toEqual({
          status: 401,
          code: 304,
          message: "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to search comment tags.",
        });
        expect(
          errorOf(await world.call(reporter, 'POST', `/bug/${bugId}/comment`, { comment: 'x', comment_tags: ['spam'] })),
        ).toMatchObject({ code: 304 });
        expect(errorOf(await world.call(ANONYMOUS, 'GET', '/bug/comment/tags/sp'))).toMatchObject({ status: 401, code: 410 });
      });

      it('checks each tag: 128 too short, 127 too long, 126 bad characters', async () => {
        const put = async (tag: string) => errorOf(await world.call(ADMIN, 'PUT', `/bug/comment/${commentId}/tags`, { add: [tag] }));
        expect(await put('ab')).toEqual({ status: 400, code: 128, message: 'Comment tags must be at least 3 characters.' });
        expect(await put('a'.repeat(25))).toEqual({ status: 400, code: 127, message: 'Comment tags cannot be longer than 24 characters.' });
        expect(await put('no spaces')).toEqual({
          status: 400,
          code: 126,
          message: 'The comment tag "no spaces" contains invalid characters or words.',
        });
        expect((await comments(reporter, `/bug/comment/${commentId}`)).comments[commentId]?.tags).toEqual(['spam', 'Zebra']);
      });

      it('answers [] for a comment that does not exist and 57 for an id that is not a number', async () => {
        expect(await world.ok(ADMIN, 'PUT', '/bug/comment/99999999/tags', { add: ['spam'] })).toEqual([]);
        expect(errorOf(await world.call(ADMIN, 'PUT', '/bug/comment/abc/tags', { add: ['spam'] }))).toEqual({
          status: 400,
          code: 57,
          message: 'The function Bug.update_comment_tags requires that comment_id be an integer.',
        });
      });
    });

    it('gives the same answers after the read model is rebuilt from the log', async () => {
      const reads = async (): Promise<unknown[]> =>
        Promise.all([
          comments(insider, `/bug/${bugId}/comment?ids=${otherBugId}`),
          comments(ANONYMOUS, `/bug/${bugId}/comment`),
          world.ok(ADMIN, 'GET', '/bug/comment/tags/a'),
        ]);
      const before = await reads();
      await tracker().request('comments.admin.rebuild', {});
      expect(await reads()).toEqual(before);
    });
  },
  { TRACKER_COMMENT_TAGGERS_GROUP: 'admin' },
);
