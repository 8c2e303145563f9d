import * as fc from 'fast-check';
import { type BugEvent, bugStream, type CustomFieldRule, isDomainError, personalTagsStream } from '@tracker/contracts';
import { BUG_LIMITS, bugDecider, type ExistingBug, personalTagsDecider } from '@tracker/bugs/domain';
import { ADMIN_ACTOR, createBug, MINIMAL_INPUT, RULES, updateBug } from '@tracker/bugs/domain/testing';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { accepted, codeOf, describeOnBothPostgres, LIMIT_RUNS, lengthAround, textAround, textOfLength } from '@tracker/testing';
import { BugsProjection } from './bugs.projection';
import { BUGS_MIGRATIONS } from './bugs.read-model';
import { PersonalTagsProjection } from './personal-tags.projection';

/**
 * Issue 13: every text and number a bug command carries is bounded in the decider, and what
 * the decider accepts at or just inside a limit, the real read model holds. Over a limit:
 * Bugzilla's code (104 for texts, 103 for aliases, 114 for comments, 54/55 for numbers),
 * nothing decided; on creation and on update alike.
 */
const L = BUG_LIMITS;
const custom = (id: number, name: string, type: CustomFieldRule['type']): CustomFieldRule => ({
  id,
  name,
  displayName: name,
  type,
  isMandatory: false,
  isOnBugEntry: true,
  isObsolete: false,
  values: [],
  visibilityField: null,
  visibilityValues: [],
  valueField: null,
});
const rules = {
  ...RULES,
  fields: { ...RULES.fields, customFields: [custom(90, 'cf_text', 1), custom(91, 'cf_area', 4), custom(92, 'cf_count', 10)] },
};
const longText = (limit: number): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(0, limit, limit + 1), fc.constantFrom('a', '語')).map(([length, unit]) => textOfLength(length, unit));

// each property writes a real database up to a few dozen times: slow on a busy machine
jest.setTimeout(120_000);

describeOnBothPostgres('bugs-limits', (target, open) => {
  describe(`bug limits, projected on ${target}`, () => {
    let log: ProjectedLog;
    let nextBug = 1000;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'bugs_limits',
        migrations: [...BUGS_MIGRATIONS],
        projections: [new BugsProjection(), new PersonalTagsProjection()],
      });
    }, 60_000);
    afterAll(() => log.close());
    const bugRow = (bugId: number): Promise<Array<Record<string, unknown>>> =>
      log.query(`SELECT summary, alias, url, whiteboard, custom FROM S.bugs WHERE id = $1`, [bugId]);

    it('files bugs with summaries, aliases, URLs, whiteboards and custom texts up to their limits, and refuses longer ones', async () => {
      await fc.assert(
        fc.asyncProperty(
          textAround(L.summaryLength, 1),
          lengthAround(L.aliasLength, 6),
          longText(L.urlLength),
          longText(L.whiteboardLength),
          textAround(L.freeTextLength),
          longText(L.textAreaLength),
          fc.constantFrom(L.integer.min - 1, L.integer.min, 0, L.integer.max, L.integer.max + 1),
          async (summary, aliasLength, url, whiteboard, text, area, count) => {
            const bugId = (nextBug += 1);
            const alias = textOfLength(aliasLength - String(bugId).length, 'b') + String(bugId);
            const input = { ...MINIMAL_INPUT, summary, alias: [alias], url, whiteboard };
            const customFields = { cf_text: text, cf_area: area, cf_count: String(count) };
            const command = createBug({ ...input, customFields }, { bugId, commentId: bugId * 10, actor: ADMIN_ACTOR, rules });
            const outcome = bugDecider.decide(command, bugDecider.initialState());
            // Bugzilla's order: alias, URL, custom fields by name, summary, whiteboard
            const checks: Array<[boolean, number]> = [
              [alias.length > L.aliasLength, 103],
              [url.length > L.urlLength, 104],
              [area.length > L.textAreaLength, 104],
              [count > L.integer.max, 54],
              [count < L.integer.min, 55],
              [text.length > L.freeTextLength, 104],
              [summary.length > L.summaryLength, 104],
              [whiteboard.length > L.whiteboardLength, 104],
            ];
            const expected = checks.find(([over]) => over)?.[1] ?? 'ok';
            expect(codeOf(outcome)).toBe(expected);
            if (expected !== 'ok') return;
            await log.append(bugStream(bugId), accepted(outcome));
            const rows = await log.query<Record<string, unknown>>(
              `SELECT summary, alias, url, whiteboard, custom FROM S.bugs WHERE id = $1`,
              [bugId],
            );
            expect(rows).toEqual([{ summary, alias: [alias], url, whiteboard, custom: { cf_text: text, cf_area: area, cf_count: count } }]);
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('changes summaries, aliases, URLs, whiteboards, custom texts and comments up to their limits; a refusal leaves the row', async () => {
      await fc.assert(
        fc.asyncProperty(
          textAround(L.summaryLength, 1),
          lengthAround(L.aliasLength, 6),
          longText(L.urlLength),
          longText(L.whiteboardLength),
          fc.tuple(textAround(L.freeTextLength), longText(L.textAreaLength)),
          fc.constantFrom(1, L.commentLength, L.commentLength + 1),
          async (summary, aliasLength, url, whiteboard, [text, area], commentLength) => {
            const bugId = (nextBug += 1);
            const create = createBug({ ...MINIMAL_INPUT, summary: 'before' }, { bugId, commentId: bugId * 10, actor: ADMIN_ACTOR, rules });
            const created = accepted(bugDecider.decide(create, bugDecider.initialState()));
            await log.append(bugStream(bugId), created);
            const state = created.reduce(bugDecider.evolve, bugDecider.initialState()) as ExistingBug;
            const before = await bugRow(bugId);
            const alias = textOfLength(aliasLength - String(bugId).length, 'u') + String(bugId);
            const body = textOfLength(commentLength, '語');
            const input = {
              summary,
              alias: { set: [alias] },
              url,
              whiteboard,
              customFields: { cf_text: text, cf_area: area },
              comment: { body },
            };
            const outcome = bugDecider.decide(updateBug(input, { commentId: bugId * 10 + 1, dupeTarget: null, rules }), state);
            const refusals = [
              [alias.length > L.aliasLength, 103],
              [url.length > L.urlLength, 104],
              [area.length > L.textAreaLength, 104],
              [text.length > L.freeTextLength, 104],
              [summary.length > L.summaryLength, 104],
              [whiteboard.length > L.whiteboardLength, 104],
              [commentLength > L.commentLength, 114],
            ].flatMap(([over, code]) => (over ? [code] : []));
            if (refusals.length > 0) {
              expect(refusals).toContain(codeOf(outcome));
              expect(await bugRow(bugId)).toEqual(before);
              return;
            }
            await log.append(bugStream(bugId), accepted(outcome));
            expect(await bugRow(bugId)).toEqual([
              { summary, alias: [alias], url, whiteboard, custom: expect.objectContaining({ cf_text: text, cf_area: area }) as unknown },
            ]);
            const comments = await log.query(`SELECT length(text) AS length FROM S.bug_comments WHERE comment_id = $1`, [bugId * 10 + 1]);
            expect(comments).toEqual([{ length: commentLength }]);
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('logs work times within ±99999.99 hours, refusing what would overflow, while the actual time sums without bound', async () => {
      const bugId = (nextBug += 1);
      const create = createBug(
        { ...MINIMAL_INPUT, estimatedTime: L.hours.max, remainingTime: L.hours.max },
        { bugId, commentId: bugId * 10 },
      );
      let history: BugEvent[] = [...accepted(bugDecider.decide(create, bugDecider.initialState()))];
      await log.append(bugStream(bugId), history);
      let commentId = bugId * 10;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(L.hours.max, L.hours.max + 0.01, -L.hours.max, -L.hours.max - 0.01, 1, -1), async (workTime) => {
          const state = history.reduce(bugDecider.evolve, bugDecider.initialState()) as ExistingBug;
          const command = updateBug(
            { comment: { body: `worked ${workTime}` }, workTime },
            { commentId: (commentId += 1), dupeTarget: null },
          );
          const outcome = bugDecider.decide(command, state);
          const remaining = Math.max(Math.round((state.fields.remainingTime - workTime) * 100) / 100, 0);
          const expected = workTime > L.hours.max ? 54 : workTime < L.hours.min ? 55 : remaining > L.hours.max ? 54 : 'ok';
          expect(codeOf(outcome)).toBe(expected);
          if (expected !== 'ok') return;
          await log.append(bugStream(bugId), accepted(outcome));
          history = [...history, ...accepted(outcome)];
          const after = history.reduce(bugDecider.evolve, bugDecider.initialState()) as ExistingBug;
          const rows = await log.query(
            `SELECT remaining_time::float8 AS remaining, actual_time::float8 AS actual FROM S.bugs WHERE id = $1`,
            [bugId],
          );
          expect(rows).toEqual([{ remaining: after.fields.remainingTime, actual: after.actualTime }]);
        }),
        { ...LIMIT_RUNS, numRuns: 20 },
      );
    });

    it('tags bugs with personal tags up to their limit, and refuses longer ones', async () => {
      let state = personalTagsDecider.initialState();
      await fc.assert(
        fc.asyncProperty(textAround(L.personalTagLength, 1), async (tag) => {
          const outcome = personalTagsDecider.decide({ kind: 'ChangeBugTags', userId: 7, bugId: 4, add: [tag], remove: [] }, state);
          if (tag.length > L.personalTagLength) {
            expect(codeOf(outcome)).toBe(32000);
            return;
          }
          if (isDomainError(outcome)) throw new Error(outcome.message);
          await log.append(personalTagsStream(7), outcome);
          state = outcome.reduce(personalTagsDecider.evolve, state);
          const rows = await log.query<{ tag: string }>(`SELECT tag FROM S.bug_tags WHERE user_id = 7 AND tag = $1`, [tag.toLowerCase()]);
          expect(rows).toEqual([{ tag: tag.toLowerCase() }]);
        }),
        LIMIT_RUNS,
      );
    });
  });
});
