import { describeInBothModes } from '../../support/modes';
import { AttachmentsWorld, type Caller, errorOf } from './support/attachments-world';

/** With TRACKER_USE_MARKDOWN=false, an attachment's comment may not be Markdown: 140, nothing written (docs/attachments.md §1.1). */
describeInBothModes(
  'attachments with Markdown off',
  (tracker) => {
    const world = new AttachmentsWorld(() => tracker().baseUrl);
    let ann: Caller;
    let bug: number;

    beforeAll(async () => {
      ann = await world.user('ann');
      bug = await world.bug(ann, 'No Markdown here.');
    }, 120_000);

    it.each([
      ['top level', { is_markdown: true, comment: 'x' }],
      ['inside comment', { comment: { body: 'x', is_markdown: true } }],
    ])('refuses is_markdown %s with 140', async (_case, extra) => {
      const before = await world.listed(ann, bug);
      const body = { data: Buffer.from('x').toString('base64'), file_name: 'a.txt', summary: 'A', content_type: 'text/plain', ...extra };
      expect(errorOf(await world.call(ann, 'POST', `/bug/${bug}/attachment`, body))).toEqual({
        status: 400,
        code: 140,
        message: 'Markdown feature is not enabled.',
      });
      expect(await world.listed(ann, bug)).toEqual(before);
      const [id] = await world.attach(ann, bug, 'plain', { comment: 'plain text' });
      expect(errorOf(await world.call(ann, 'PUT', `/bug/attachment/${id}`, { comment: 'y', is_markdown: true }))).toMatchObject({
        code: 140,
      });
    });
  },
  { TRACKER_USE_MARKDOWN: 'false' },
);
