import * as fc from 'fast-check';
import { FLAG_TYPE_LIMITS, flagTypeDecider } from '@tracker/flags/domain';
import { create, REVIEW_VALUES, update } from '@tracker/flags/domain/testing';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { accepted, codeOf, describeOnBothPostgres, LIMIT_RUNS, lengthAround, TEXT_UNITS, textOfLength } from '@tracker/testing';
import { FlagTypesProjection } from './flag-types.projection';
import { CreateFlagTypesTables1764300000000 } from './migrations/1764300000000-create-flag-types-tables';
import { CreateFlagsTables1764300000001 } from './migrations/1764300000001-create-flags-tables';

/**
 * Issue 13: every text and number a flag type command carries is bounded in the decider, and
 * what the decider accepts at or just inside a limit, the real flags read model holds (names
 * in varchar(50), cc lists in varchar(200), sort keys in a smallint). Over a limit: refused
 * with Bugzilla's code (1101 name, 1103 cc list, 1104 sort key; 32000 description), nothing decided.
 */
const L = FLAG_TYPE_LIMITS;
const MAIL = '@example.com';
/** characters as Bugzilla and PostgreSQL count them: code points */
const charactersOf = (text: string): number => [...text].length;
const describedBy = (length: number, unit: string): string => textOfLength(length, unit);
const address = (length: number, index: number): string => `${textOfLength(length - MAIL.length - 1, 'c')}${index}${MAIL}`;

interface FlagTypeRow {
  name: string;
  description: string;
  cc_list: string;
  sort_key: number;
}

// each property writes a real database up to a few dozen times: slow on a busy machine
jest.setTimeout(120_000);

describeOnBothPostgres('flag-types-limits', (target, open) => {
  describe(`flag type limits, projected on ${target}`, () => {
    let log: ProjectedLog;
    let nextId = 5000;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'flags_limits',
        migrations: [CreateFlagTypesTables1764300000000, CreateFlagsTables1764300000001],
        projections: [new FlagTypesProjection()],
      });
    }, 60_000);
    afterAll(() => log.close());
    const row = async (typeId: number): Promise<FlagTypeRow[]> =>
      log.query<FlagTypeRow>(`SELECT name, description, cc_list, sort_key FROM S.flag_types WHERE type_id = $1`, [typeId]);

    it('creates flag types with names, descriptions, cc lists and sort keys up to their limits, and refuses beyond them', async () => {
      await fc.assert(
        fc.asyncProperty(
          lengthAround(L.nameLength, 1),
          TEXT_UNITS,
          fc.constantFrom(1, L.descriptionLength, L.descriptionLength + 1),
          lengthAround(L.ccListLength, MAIL.length + 2),
          fc.constantFrom(L.sortKey.min - 1, L.sortKey.min, L.sortKey.max, L.sortKey.max + 1),
          async (nameLength, unit, descriptionLength, ccLength, sortKey) => {
            const typeId = (nextId += 1);
            const name = textOfLength(nameLength, unit);
            const description = describedBy(descriptionLength, '語');
            const cc = address(ccLength, typeId % 10);
            const outcome = flagTypeDecider.decide(
              create({ ...REVIEW_VALUES, name, description, ccList: [cc], sortKey }, { typeId }),
              flagTypeDecider.initialState(),
            );
            const refusals = [
              charactersOf(name) > L.nameLength ? 1101 : null,
              descriptionLength > L.descriptionLength ? 32000 : null,
              cc.length > L.ccListLength ? 1103 : null,
              sortKey < L.sortKey.min || sortKey > L.sortKey.max ? 1104 : null,
            ].filter((code) => code !== null);
            if (refusals.length > 0) {
              expect(refusals).toContain(codeOf(outcome));
              return;
            }
            await log.append(`flagtype-${typeId}`, accepted(outcome));
            expect(await row(typeId)).toEqual([{ name, description, cc_list: cc, sort_key: sortKey }]);
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('changes names, descriptions and cc lists up to their limits, and refuses longer ones, leaving the row as it was', async () => {
      await fc.assert(
        fc.asyncProperty(
          lengthAround(L.nameLength, 1),
          TEXT_UNITS,
          fc.constantFrom(1, L.descriptionLength, L.descriptionLength + 1),
          lengthAround(L.ccListLength, MAIL.length + 2),
          async (nameLength, unit, descriptionLength, ccLength) => {
            const typeId = (nextId += 1);
            const events = accepted(flagTypeDecider.decide(create(REVIEW_VALUES, { typeId }), flagTypeDecider.initialState()));
            await log.append(`flagtype-${typeId}`, events);
            const state = events.reduce(flagTypeDecider.evolve, flagTypeDecider.initialState());
            const before = await row(typeId);
            const name = textOfLength(nameLength, unit);
            const description = describedBy(descriptionLength, 'é');
            const cc = address(ccLength, typeId % 10);
            const outcome = flagTypeDecider.decide(update({ name, description, ccList: [cc] }, { typeId }), state);
            const refusals = [
              charactersOf(name) > L.nameLength ? 1101 : null,
              descriptionLength > L.descriptionLength ? 32000 : null,
              cc.length > L.ccListLength ? 1103 : null,
            ].filter((code) => code !== null);
            if (refusals.length > 0) {
              expect(refusals).toContain(codeOf(outcome));
              expect(await row(typeId)).toEqual(before);
              return;
            }
            await log.append(`flagtype-${typeId}`, accepted(outcome));
            expect(await row(typeId)).toEqual([{ name, description, cc_list: cc, sort_key: REVIEW_VALUES.sortKey }]);
          },
        ),
        LIMIT_RUNS,
      );
    });
  });
});
