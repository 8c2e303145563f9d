import * as fc from 'fast-check';
import { commentTagsStream, isDomainError } from '@tracker/contracts';
import { COMMENT_LIMITS, commentTagsDecider } from '@tracker/comments/domain';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { codeOf, describeOnBothPostgres, LIMIT_RUNS, lengthAround, textOfLength } from '@tracker/testing';
import { CommentsProjection } from './comments.projection';
import { CreateCommentsTables1764200000000 } from './migrations/1764200000000-create-comments-tables';
import { TaggedCommentsIndex1764200000001 } from './migrations/1764200000001-tagged-comments-index';

/**
 * Issue 13: a comment of the longest length (in any script) and tags at their limits are held
 * by the comments read model; the tag decider refuses tags beyond them (127, 128).
 */
const L = COMMENT_LIMITS;

// each property writes a real database up to a few dozen times: slow on a busy machine
jest.setTimeout(120_000);

describeOnBothPostgres('comments-limits', (target, open) => {
  describe(`comment limits, projected on ${target}`, () => {
    let log: ProjectedLog;
    let nextId = 3000;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'comments_limits',
        migrations: [CreateCommentsTables1764200000000, TaggedCommentsIndex1764200000001],
        projections: [new CommentsProjection()],
      });
    }, 60_000);
    afterAll(() => log.close());

    it('holds comments of the longest length and tags from 3 to 24 characters; refuses shorter and longer tags', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('a', 'é', '語', '😀'),
          lengthAround(L.tagLength.max, 1),
          fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
          async (unit, tagLength, letter) => {
            const bugId = (nextId += 1);
            const text = textOfLength(L.commentLength, unit);
            const description = { commentId: bugId, count: 0, text, isPrivate: false, isMarkdown: false, workTime: L.workTime.max };
            await log.append(`bug-${bugId}`, [
              {
                type: 'BugCreated',
                data: {
                  bugId,
                  reporter: { id: 7, login: 'ann@example.com' },
                  description: { ...description, tags: [], attachmentId: null, addedText: null },
                },
              },
            ]);
            const tag = textOfLength(tagLength, letter);
            const outcome = commentTagsDecider.decide(
              { kind: 'UpdateCommentTags', commentId: bugId, bugId, creationTags: [], add: [tag], remove: [] },
              commentTagsDecider.initialState(),
            );
            const expected = tagLength > L.tagLength.max ? 127 : tagLength < L.tagLength.min ? 128 : 'ok';
            expect(codeOf(outcome)).toBe(expected);
            if (!isDomainError(outcome)) await log.append(commentTagsStream(bugId), outcome);
            const rows = await log.query(`SELECT length(body) AS length, tags FROM S.comments WHERE comment_id = $1`, [bugId]);
            expect(rows).toEqual([{ length: [...text].length, tags: expected === 'ok' ? [tag] : [] }]);
          },
        ),
        LIMIT_RUNS,
      );
    });
  });
});
