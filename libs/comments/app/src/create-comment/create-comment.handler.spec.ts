import { CommonErrors, type CreateCommentParams, type Permission } from '@tracker/contracts';
import type { ReadModel } from '@tracker/platform/read-model';
import { FakeBugs, caller, request, commentsOptions } from '../testing/fake-collaborators';
import { CreateCommentHandler } from './create-comment.handler';

function setup(
  taggers = 'editbugs',
  notReady?: Error,
): {
  bugs: FakeBugs;
  waited: Array<[string, bigint]>;
  create: (params: Partial<CreateCommentParams>, permissions?: Permission[]) => Promise<{ id: number }>;
} {
  const bugs = new FakeBugs();
  const waited: Array<[string, bigint]> = [];
  const readModel = {
    waitFor: (stream: string, position: bigint) => Promise.resolve(void waited.push([stream, position])),
    assertWritable: () => {
      if (notReady) throw notReady;
    },
  } as unknown as ReadModel;
  const handler = new CreateCommentHandler(bugs, readModel, commentsOptions({ commentTaggersGroup: taggers }));
  const create = (params: Partial<CreateCommentParams>, permissions: Permission[] = []) =>
    handler.handle(request({ id: '1', comment: 'Looks fine.', ...params }, caller(permissions)));
  return { bugs, waited, create };
}

describe('CreateCommentHandler', () => {
  it('hands the normalised comment to the bugs service and waits for its own read model', async () => {
    const { bugs, waited, create } = setup();
    expect(await create({ comment: 'Line one\r\nline two  \n\n', is_markdown: true })).toEqual({ id: 101 });
    expect(bugs.added).toEqual([{ bugRef: 1, text: 'Line one\nline two', isPrivate: false, isMarkdown: true, workTime: 0, tags: [] }]);
    expect(waited).toEqual([['bug-1', 42n]]);
  });

  it('comments every bug of `ids` once, after checking them all, and answers the first id', async () => {
    const { bugs, create } = setup();
    expect(await create({ id: 'crash', ids: ['4', '1', '5'] })).toEqual({ id: 101 });
    expect(bugs.added.map((added) => added.bugRef)).toEqual([1, 4, 5]);
    const refused = setup();
    await expect(refused.create({ id: '4', ids: ['2'] })).rejects.toMatchObject({
      code: 109,
      message: 'You are not permitted to edit bugs in product Locked.',
    });
    await expect(refused.create({ id: '4', ids: ['3'] })).rejects.toMatchObject({ code: 102 });
    expect(refused.bugs.added).toEqual([]);
  });

  it('refuses before handing anything to the bugs service while its read model is not ready', async () => {
    const notReady = CommonErrors.serviceUnavailable('The comments service is not accepting changes');
    const { bugs, waited, create } = setup('editbugs', notReady);
    await expect(create({ comment: 'Not now.' })).rejects.toBe(notReady);
    expect(bugs.added).toEqual([]);
    expect(waited).toEqual([]);
  });

  it('requires a login, then a comment that is not blank (golden 101)', async () => {
    const { bugs, create } = setup();
    const anonymous = new CreateCommentHandler(bugs, {} as ReadModel, commentsOptions({ commentTaggersGroup: 'editbugs' }));
    await expect(anonymous.handle(request({ id: '1', comment: 'x' }, caller([], null)))).rejects.toMatchObject({ code: 410 });
    for (const comment of [undefined, '', ' \n\t ']) {
      await expect(create({ comment })).rejects.toMatchObject({
        code: 50,
        message: 'The function requires a comment argument, and that argument was not set.',
      });
    }
  });

  it('lets only insiders comment privately (also with the old `private` spelling)', async () => {
    const { bugs, create } = setup();
    await expect(create({ is_private: true })).rejects.toMatchObject({ code: 113 });
    await expect(create({ private: true })).rejects.toMatchObject({ code: 113 });
    await create({ is_private: true }, ['insider']);
    expect(bugs.added[0]?.isPrivate).toBe(true);
  });

  it('counts hours worked for time trackers only, up to 99999.99', async () => {
    const { bugs, create } = setup();
    await create({ work_time: 2.5 });
    await create({ work_time: 2.5 }, ['timetracker']);
    await create({ work_time: -1 }, ['timetracker']);
    expect(bugs.added.map((added) => added.workTime)).toEqual([0, 2.5, -1]);
    await expect(create({ work_time: 100000 }, ['timetracker'])).rejects.toMatchObject({
      code: 54,
      message: "The value '100000' in the Hours Worked field is more than the maximum allowable value of '99999.99'.",
    });
    await create({ work_time: 100000 });
  });

  it('allows 65,535 characters, counting characters rather than UTF-16 units', async () => {
    const { create } = setup();
    await expect(create({ comment: 'x'.repeat(65_535) })).resolves.toEqual({ id: 101 });
    await expect(create({ comment: '😀'.repeat(65_535) })).resolves.toEqual({ id: 102 });
    await expect(create({ comment: 'x'.repeat(65_536) })).rejects.toMatchObject({
      code: 114,
      message: 'Comments cannot be longer than 65535 characters.',
    });
  });

  it('checks the refusals in Bugzilla order: bug, edit rights, privacy, length, hours', async () => {
    const { create } = setup();
    await expect(create({ id: '77', is_private: true })).rejects.toMatchObject({ code: 101 });
    await expect(create({ id: '2', is_private: true })).rejects.toMatchObject({ code: 109 });
    await expect(create({ is_private: true, comment: 'x'.repeat(70_000) })).rejects.toMatchObject({ code: 113 });
    await expect(create({ comment: 'x'.repeat(70_000), work_time: 1e6 }, ['timetracker'])).rejects.toMatchObject({ code: 114 });
  });

  it('sets comment tags for taggers: checked, one per letter case, sorted', async () => {
    const { bugs, create } = setup();
    await create({ comment_tags: ['spam', 'Obsolete', 'SPAM', undefined] }, ['commenttagger']);
    expect(bugs.added[0]?.tags).toEqual(['Obsolete', 'spam']);
    await expect(create({ comment_tags: ['spam'] })).rejects.toMatchObject({ code: 304 });
    await expect(create({ comment_tags: ['x'] }, ['commenttagger'])).rejects.toMatchObject({ code: 128 });
    await expect(setup('').create({ comment_tags: ['spam'] }, ['commenttagger'])).rejects.toMatchObject({ code: 125 });
  });
});
