import type { Permission } from '@tracker/contracts';
import type { CommentQueries, TagUse } from '../read-model/comment.queries';
import { caller, FakeBugs, request, commentsOptions } from '../testing/fake-collaborators';
import { SearchCommentTagsHandler } from './search-comment-tags.handler';

/**
 * Tag uses as the read model answers them: `spam` on bugs 1 and 4, `Spoiler` on hidden
 * bug 3 only, `spa-x` on bug 4; `sp-private` only on a private comment of bug 1.
 */
const PUBLIC_USES: TagUse[] = [
  { key: 'spam', tag: 'spam', bugId: 1, uses: 1 },
  { key: 'spam', tag: 'spam', bugId: 4, uses: 1 },
  { key: 'spoiler', tag: 'Spoiler', bugId: 3, uses: 9 },
  { key: 'spa-x', tag: 'spa-x', bugId: 4, uses: 2 },
];
const PRIVATE_USES: TagUse[] = [{ key: 'sp-private', tag: 'sp-private', bugId: 1, uses: 5 }];

describe('SearchCommentTagsHandler', () => {
  let asked: Array<[string, boolean]>;
  let bugs: FakeBugs;
  const queries = {
    tagUses: (query: string, withPrivate: boolean) => {
      asked.push([query, withPrivate]);
      return Promise.resolve(withPrivate ? [...PUBLIC_USES, ...PRIVATE_USES] : PUBLIC_USES);
    },
  } as unknown as CommentQueries;
  const handler = (taggers = 'admin'): SearchCommentTagsHandler =>
    new SearchCommentTagsHandler(queries, bugs, commentsOptions({ commentTaggersGroup: taggers }));
  const search = (
    params: { query?: string; limit?: number },
    permissions: readonly Permission[] = ['commenttagger'],
    taggers = 'admin',
  ): Promise<readonly string[]> => handler(taggers).handle(request(params, caller(permissions)));

  beforeEach(() => {
    asked = [];
    bugs = new FakeBugs();
  });

  it('given tags on bugs the caller may not see, then they are left out and their uses do not count', async () => {
    expect(await search({ query: 'sp' })).toEqual(['spa-x', 'spam']);
    expect(bugs.asked).toEqual([[1, 4, 3]]);
  });

  it('given a caller outside the insider group, then private comments are not asked for; an insider sees their tags', async () => {
    await search({ query: 'sp' });
    expect(await search({ query: 'sp' }, ['commenttagger', 'insider'])).toEqual(['sp-private', 'spa-x', 'spam']);
    expect(asked).toEqual([
      ['sp', false],
      ['sp', true],
    ]);
  });

  it('given a limit, then the most used come first; 0 or none is the contract default of 10', async () => {
    expect(await search({ query: 'sp', limit: 1 }, ['commenttagger', 'insider'])).toEqual(['sp-private']);
    expect(await search({ query: 'sp', limit: 0 })).toEqual(['spa-x', 'spam']);
  });

  it('given no tag in use, then the bugs service is not asked', async () => {
    const empty = { tagUses: () => Promise.resolve([]) } as unknown as CommentQueries;
    expect(
      await new SearchCommentTagsHandler(empty, bugs, commentsOptions({ commentTaggersGroup: 'admin' })).handle(
        request({ query: 'zz' }, caller(['commenttagger'])),
      ),
    ).toEqual([]);
    expect(bugs.asked).toEqual([]);
  });

  it('refuses logged-out callers, disabled tagging, non-taggers and negative limits', async () => {
    await expect(handler().handle(request({ query: 'x' }, caller([], null)))).rejects.toMatchObject({ code: 410 });
    await expect(search({ query: 'x' }, ['commenttagger'], '')).rejects.toMatchObject({
      code: 125,
      message: 'The comment tagging is not enabled.',
    });
    await expect(search({ query: 'x' }, [])).rejects.toMatchObject({
      code: 304,
      message: "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to search comment tags.",
    });
    await expect(search({ query: 'x', limit: -1 })).rejects.toMatchObject({
      code: 52,
      message: 'Invalid parameter limit passed to Bug.search_comment_tags: It must be numeric.',
    });
  });
});
