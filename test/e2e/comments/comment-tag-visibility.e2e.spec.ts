import { describeInEmbeddedMode } from '../../support/modes';
import { ADMIN, ANONYMOUS, type Caller, CommentsWorld, errorOf } from './support/comments-world';

/**
 * The comment tag search shows only tags of comments the caller may read, over the
 * gateway's HTTP in the embedded run mode. Tagging is left to its default group (editbugs, which
 * every account has through its regexp), so that callers who differ only in what they may
 * see can all search: a plain user, an insider, a member of a bug's private group.
 *
 * Tags: on a public bug, comment A `vis-public vis-shared`, comment B `vis-public`, and
 * private comment C `vis-private vis-shared`; on a bug in a private group, comments D and
 * E `vis-secret vis-shared`.
 */
describeInEmbeddedMode('comment tag search and visibility', (tracker) => {
  const world = new CommentsWorld(() => tracker().baseUrl);
  let plain: Caller;
  let insider: Caller;
  let member: Caller;
  let publicBug: number;
  let privateComment: number;

  const search = (caller: Caller, query = 'vis-'): Promise<string[]> => world.ok<string[]>(caller, 'GET', `/bug/comment/tags/${query}`);

  beforeAll(async () => {
    const group = await world.group('tagsecret');
    [plain, insider, member] = await Promise.all([world.user('plain'), world.user('insider', ['insiders']), world.user('member', [group])]);
    publicBug = await world.bug(plain, 'A public bug.');
    await world.comment(plain, publicBug, { comment: 'A', comment_tags: ['vis-public', 'vis-shared'] });
    await world.comment(plain, publicBug, { comment: 'B', comment_tags: ['vis-public'] });
    privateComment = await world.comment(insider, publicBug, {
      comment: 'C',
      is_private: true,
      comment_tags: ['vis-private', 'vis-shared'],
    });
    const where = await world.product('TagSecret', [{ group, entry: false, membercontrol: 'Shown', othercontrol: 'NA', canedit: false }]);
    const secretBug = await world.bug(member, 'A secret bug.', { ...where, groups: [group] });
    await world.comment(member, secretBug, { comment: 'D', comment_tags: ['vis-secret', 'vis-shared'] });
    await world.comment(member, secretBug, { comment: 'E', comment_tags: ['vis-secret', 'vis-shared'] });
  }, 60_000);

  it('leaves out tags of private comments and of bugs the caller may not see, and does not count their uses', async () => {
    expect(await search(plain)).toEqual(['vis-public', 'vis-shared']);
    expect(await search(plain, 'SECRET')).toEqual([]);
    expect(await search(plain, 'vis-pri')).toEqual([]);
    expect(await search(plain, 'vis-?limit=1')).toEqual(['vis-public']);
  });

  it('shows an insider the tags of private comments, and a member of the group those of its bugs', async () => {
    expect(await search(insider)).toEqual(['vis-public', 'vis-shared', 'vis-private']);
    expect(await search(member)).toEqual(['vis-shared', 'vis-public', 'vis-secret']);
    expect(await search(ADMIN)).toEqual(['vis-shared', 'vis-public', 'vis-secret', 'vis-private']);
    expect(errorOf(await world.call(ANONYMOUS, 'GET', '/bug/comment/tags/vis-'))).toMatchObject({ status: 401, code: 410 });
  });

  it('shows the tags of a comment once it is made public', async () => {
    await world.ok(insider, 'PUT', `/bug/${publicBug}`, { comment_is_private: { [privateComment]: false } });
    expect(await search(plain)).toEqual(['vis-public', 'vis-shared', 'vis-private']);
  });
});
