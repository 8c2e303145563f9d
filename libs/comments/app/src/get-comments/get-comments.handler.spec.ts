import type { GetCommentsParams } from '@tracker/contracts';
import type { CommentQueries } from '../read-model/comment.queries';
import type { CommentRow } from '../read-model/comment.row';
import { FakeBugs, caller, request, row, commentsOptions } from '../testing/fake-collaborators';
import type { CommentTagsAsOfReader } from './comment-tags-as-of.reader';
import { GetCommentsHandler } from './get-comments.handler';

const ROWS: readonly CommentRow[] = [
  row(10, 1, 0),
  row(11, 1, 1, { isPrivate: true }),
  row(12, 1, 2, { body: 'dupe', addedText: '*** This bug has been marked as a duplicate of bug 4 ***', tags: ['spam', 'Abc'] }),
  row(20, 4, 0),
  row(30, 3, 0),
];

const queries = {
  byIds: (ids: readonly number[]) => Promise.resolve(ROWS.filter((r) => ids.includes(r.commentId))),
  ofBugs: (bugIds: readonly number[], _since: string | null, withPrivate: boolean) =>
    Promise.resolve(ROWS.filter((r) => bugIds.includes(r.bugId) && (withPrivate || !r.isPrivate))),
} as unknown as CommentQueries;

/** Tag streams stand-in: every comment had the tag `then` at the instant asked. */
const tagsThen = {
  withTagsAsOf: (rows: readonly CommentRow[]) => Promise.resolve(rows.map((r) => ({ ...r, tags: ['then'] }))),
} as unknown as CommentTagsAsOfReader;
const handler = (taggers = 'editbugs'): GetCommentsHandler =>
  new GetCommentsHandler(new FakeBugs(), queries, commentsOptions({ commentTaggersGroup: taggers }), tagsThen);
const get = (params: GetCommentsParams, permissions: Parameters<typeof caller>[0] = []) =>
  handler().handle(request(params, caller(permissions)));

describe('GetCommentsHandler', () => {
  it('answers every field of a comment, text with the added note and raw_text without', async () => {
    const result = await get({ comment_id: '12' });
    expect(result).toEqual({
      bugs: {},
      comments: {
        12: {
          id: 12,
          bug_id: 1,
          attachment_id: null,
          count: 2,
          text: 'dupe\n\n*** This bug has been marked as a duplicate of bug 4 ***',
          raw_text: 'dupe',
          creator: 'ann@example.com',
          time: '2026-11-22T14:43:21Z',
          creation_time: '2026-11-22T14:43:21Z',
          is_private: false,
          is_markdown: false,
          tags: ['Abc', 'spam'],
        },
      },
    });
  });

  it('lists a bug once, under its id, however often and however it is named', async () => {
    const result = await get({ id: 'crash', ids: ['1', '4', '1'] });
    expect(Object.keys(result.bugs)).toEqual(['1', '4']);
    expect(result.bugs['1']?.comments.map((c) => c.id)).toEqual([10, 12]);
  });

  it('shows private comments to insiders only', async () => {
    expect((await get({ id: '1' }, ['insider'])).bugs['1']?.comments.map((c) => c.count)).toEqual([0, 1, 2]);
    await expect(get({ comment_id: '11' })).rejects.toMatchObject({ code: 110, message: 'Comment id 11 is private.' });
    expect(Object.keys((await get({ comment_id: '11' }, ['insider'])).comments)).toEqual(['11']);
  });

  it('leaves tags out while tagging is disabled', async () => {
    const result = await handler('').handle(request({ comment_id: '10' }));
    expect(result.comments['10']).not.toHaveProperty('tags');
  });

  it('refuses in Bugzilla order: bugs, then comment ids, then their bugs, then privacy', async () => {
    await expect(get({ id: 'nope', comment_id: '999' })).rejects.toMatchObject({ code: 100 });
    await expect(get({ id: '77' })).rejects.toMatchObject({ code: 101, message: 'Bug #77 does not exist.' });
    await expect(get({ id: '1', comment_ids: ['11', '999'] })).rejects.toMatchObject({
      code: 111,
      message: '999 is not a valid comment id.',
    });
    await expect(get({ comment_id: 'abc' })).rejects.toMatchObject({ code: 111, message: 'abc is not a valid comment id.' });
    await expect(get({ comment_ids: ['11', '30'] })).rejects.toMatchObject({ code: 102 });
    await expect(get({ comment_ids: ['10', '11'] })).rejects.toMatchObject({ code: 110 });
  });

  describe('as of an instant', () => {
    // then: bug 1 had comments 10 and 11, both public (11 is private now); 12 and bug 4 came later
    const then = new Map([
      [
        1,
        [
          { commentId: 10, isPrivate: false },
          { commentId: 11, isPrivate: false },
        ],
      ],
    ]);
    const AS_OF = '2026-11-22T14:00:00.000Z';
    const getAsOf = (params: GetCommentsParams, permissions: Parameters<typeof caller>[0] = []) =>
      new GetCommentsHandler(new FakeBugs(then), queries, commentsOptions({}), tagsThen).handle(
        request({ ...params, as_of: AS_OF }, caller(permissions)),
      );

    it('lists the comments of then with their privacy then; one private now only for insiders', async () => {
      expect((await getAsOf({ id: '1' })).bugs['1']?.comments.map((c) => [c.id, c.is_private])).toEqual([[10, false]]);
      expect((await getAsOf({ id: '1' })).bugs['1']?.comments[0]?.tags).toEqual(['then']);
      expect((await getAsOf({ id: '1' }, ['insider'])).bugs['1']?.comments.map((c) => [c.id, c.is_private])).toEqual([
        [10, false],
        [11, false],
      ]);
    });

    it('answers 101 for a bug that did not exist yet, 111 for a comment that did not, 110 for one private now', async () => {
      await expect(getAsOf({ id: '4' })).rejects.toMatchObject({ code: 101, message: 'Bug #4 does not exist.' });
      await expect(getAsOf({ comment_id: '12' })).rejects.toMatchObject({ code: 111, message: '12 is not a valid comment id.' });
      await expect(getAsOf({ comment_id: '20' })).rejects.toMatchObject({ code: 111 });
      await expect(getAsOf({ comment_id: '11' })).rejects.toMatchObject({ code: 110 });
      expect((await getAsOf({ comment_id: '11' }, ['insider'])).comments['11']?.is_private).toBe(false);
    });

    it('hides a comment private then from non-insiders, though it is public now', async () => {
      const privateThen = new Map([[1, [{ commentId: 10, isPrivate: true }]]]);
      const handler = new GetCommentsHandler(new FakeBugs(privateThen), queries, commentsOptions({}), tagsThen);
      expect((await handler.handle(request({ id: '1', as_of: AS_OF }))).bugs['1']?.comments).toEqual([]);
      await expect(handler.handle(request({ comment_id: '10', as_of: AS_OF }))).rejects.toMatchObject({ code: 110 });
    });
  });

  it('asks for at least one bug or comment', async () => {
    await expect(get({})).rejects.toMatchObject({
      code: 50,
      message: 'The function Bug.comments requires that you set one of the following parameters: ids, comment_ids',
    });
  });
});
