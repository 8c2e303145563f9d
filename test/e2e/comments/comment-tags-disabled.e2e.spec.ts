import type { CommentsResult } from '@tracker/contracts';
import { describeInEmbeddedMode } from '../../support/modes';
import { ADMIN, CommentsWorld, errorOf } from './support/comments-world';

/** TRACKER_COMMENT_TAGGERS_GROUP set empty switches comment tagging off, as Bugzilla's empty comment_taggers_group. */
describeInEmbeddedMode(
  'comment tagging switched off',
  (tracker) => {
    const world = new CommentsWorld(() => tracker().baseUrl);

    it('refuses tag calls with 125 and leaves `tags` out of comments', async () => {
      const disabled = { status: 400, code: 125, message: 'The comment tagging is not enabled.' };
      expect(errorOf(await world.call(ADMIN, 'PUT', '/bug/comment/1/tags', { add: ['spam'] }))).toEqual(disabled);
      expect(errorOf(await world.call(ADMIN, 'GET', '/bug/comment/tags/sp'))).toEqual(disabled);
      const bugId = await world.bug(ADMIN, 'No tags here.');
      const result = await world.ok<CommentsResult>(ADMIN, 'GET', `/bug/${bugId}/comment`);
      expect(result.bugs[String(bugId)]?.comments[0]).not.toHaveProperty('tags');
      expect(result.bugs[String(bugId)]?.comments[0]?.text).toBe('No tags here.');
    });
  },
  { TRACKER_COMMENT_TAGGERS_GROUP: '' },
);
