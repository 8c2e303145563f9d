import type { GetCommentsParams } from '@tracker/contracts';
import type { CommentQueries } from '../read-model/comment.queries';
import type { CommentRow } from '../read-model/comment.row';
import { FakeBugs, caller, request, row, commentsOptions } from '../testing/fake-collaborators';
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

const handler = (taggers = 'editbugs'): GetCommentsHandler =>
  new GetCommentsHandler(new FakeBugs(), queries, commentsOptions({ commentTaggersGroup: taggers }));
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

  it('asks for at least one bug or comment', async () => {
    await expect(get({})).rejects.toMatchObject({
      code: 50,
      message: 'The function Bug.comments requires that you set one of the following parameters: ids, comment_ids',
    });
  });
});
