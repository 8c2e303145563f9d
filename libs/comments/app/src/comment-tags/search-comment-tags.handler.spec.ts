import type { CommentQueries } from '../read-model/comment.queries';
import { caller, request } from '../testing/fake-collaborators';
import { SearchCommentTagsHandler } from './search-comment-tags.handler';

describe('SearchCommentTagsHandler', () => {
  const asked: Array<[string, number]> = [];
  const queries = { searchTags: (query: string, limit: number) => Promise.resolve(void asked.push([query, limit])).then(() => ['spam']) } as unknown as CommentQueries;
  const search = (params: { query?: string; limit?: number }, taggers = 'admin', permissions = ['commenttagger' as const]) =>
    new SearchCommentTagsHandler(queries, { commentTaggersGroup: taggers }).handle(request(params, caller(permissions)));

  it('searches with the contract default limit of 10, also for 0', async () => {
    expect(await search({ query: 'sp' })).toEqual(['spam']);
    await search({ query: 'sp', limit: 0 });
    await search({ query: 'sp', limit: 3 });
    expect(asked).toEqual([['sp', 10], ['sp', 10], ['sp', 3]]);
  });

  it('refuses logged-out callers, disabled tagging, non-taggers and negative limits', async () => {
    await expect(new SearchCommentTagsHandler(queries, { commentTaggersGroup: 'admin' }).handle(request({ query: 'x' }, caller([], null)))).rejects.toMatchObject({ code: 410 });
    await expect(search({ query: 'x' }, '')).rejects.toMatchObject({ code: 125, message: 'The comment tagging is not enabled.' });
    await expect(search({ query: 'x' }, 'admin', [])).rejects.toMatchObject({
      code: 304,
      message: "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to search comment tags.",
    });
    await expect(search({ query: 'x', limit: -1 })).rejects.toMatchObject({
      code: 52,
      message: 'Invalid parameter limit passed to Bug.search_comment_tags: It must be numeric.',
    });
  });
});
