import { FakeBugs, request } from '../testing/fake-collaborators';
import { RenderCommentHandler } from './render-comment.handler';

describe('RenderCommentHandler', () => {
  const bugs = new FakeBugs();
  const render = new RenderCommentHandler(bugs);

  it('links existing bugs, hidden ones included, and comments of the bug rendered against', async () => {
    const result = await render.handle(request({ text: 'bug 1, bug 3, bug 77 and comment 2', id: 'crash' }));
    expect(result).toEqual({
      html:
        '<a class="bz_bug_link" href="show_bug.cgi?id=1">bug 1</a>, <a class="bz_bug_link" href="show_bug.cgi?id=3">bug 3</a>, ' +
        'bug 77 and <a href="show_bug.cgi?id=1#c2">comment 2</a>',
    });
    expect(bugs.asked.at(-1)).toEqual([1, 3, 77]);
  });

  it('renders Markdown on request', async () => {
    expect(await render.handle(request({ text: '*see* bug 4', markdown: true }))).toEqual({
      html: '<p><em>see</em> <a class="bz_bug_link" href="show_bug.cgi?id=4">bug 4</a></p>\n',
    });
  });

  it('requires text and a visible bug', async () => {
    await expect(render.handle(request({}))).rejects.toMatchObject({
      code: 50,
      message: 'The function Bug.render_comment requires that you set one of the following parameters: text',
    });
    await expect(render.handle(request({ text: 'x', id: '3' }))).rejects.toMatchObject({ code: 102 });
  });

  it('does not ask the bugs service when nothing is referenced', async () => {
    const before = bugs.asked.length;
    expect(await render.handle(request({ text: '<b>plain</b>' }))).toEqual({ html: '&lt;b&gt;plain&lt;/b&gt;' });
    expect(bugs.asked.length).toBe(before);
  });
});
