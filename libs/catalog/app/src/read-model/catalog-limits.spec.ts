import * as fc from 'fast-check';
import { classificationStream, fieldStream, isDomainError, keywordStream, productStream } from '@tracker/contracts';
import { CATALOG_LIMITS, classificationDecider, fieldDecider, keywordDecider, productDecider } from '@tracker/catalog/domain';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { accepted, codeOf, describeOnBothPostgres, LIMIT_RUNS, lengthAround, textAround, textOfLength } from '@tracker/testing';
import { CatalogProjection } from './catalog.projection';
import { CreateCatalogTables1764100000000 } from './migrations/1764100000000-create-catalog-tables';

/**
 * Issue 13: every text and number a catalog command carries is bounded in the decider, and
 * what a decider accepts at or just inside a limit, the real read model holds (names in the
 * unique indexes, descriptions, sort keys in integer columns). Over a limit: refused.
 */
const L = CATALOG_LIMITS;
/** a name of exactly `length` units ending in the unique id, so that names never collide */
const uniqueName = (length: number, id: number, unit: string): string => textOfLength(length - String(id).length, unit) + String(id);
const description = fc.constantFrom(1, L.descriptionLength, L.descriptionLength + 1).map((length) => textOfLength(length, '語'));
const sortKey = fc.constantFrom(L.sortKey.min - 1, -1, 0, L.sortKey.max, L.sortKey.max + 1, 2 ** 31);

// each property writes a real database up to a few dozen times: slow on a busy machine
jest.setTimeout(120_000);

describeOnBothPostgres('catalog-limits', (target, open) => {
  describe(`catalog limits, projected on ${target}`, () => {
    let log: ProjectedLog;
    let nextId = 5000;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'catalog_limits',
        migrations: [CreateCatalogTables1764100000000],
        projections: [new CatalogProjection()],
      });
    }, 60_000);
    afterAll(() => log.close());

    it('creates products (with their first version and milestone) and components up to the limits, and refuses longer texts', async () => {
      await fc.assert(
        fc.asyncProperty(
          lengthAround(L.nameLength, 6),
          description,
          textAround(L.nameLength, 1),
          fc.constantFrom('a', 'é', '😀'),
          async (nameLength, text, version, unit) => {
            const productId = (nextId += 1);
            const name = uniqueName(nameLength, productId, unit);
            const create = {
              kind: 'CreateProduct',
              productId,
              versionId: productId,
              milestoneId: productId,
              name,
              description: text,
              version,
              defaultMilestone: version,
              classification: { id: 1, name: 'Unclassified' },
              isActive: true,
              allowsUnconfirmed: true,
              nameInUse: null,
              useTargetMilestone: true,
            } as const;
            const outcome = productDecider.decide(create, productDecider.initialState());
            const checks: Array<[boolean, number]> = [
              [name.length > L.nameLength, 701],
              [text.length > L.descriptionLength, 32000],
              [version.length > L.nameLength, 32000],
            ];
            expect(codeOf(outcome)).toBe(checks.find(([over]) => over)?.[1] ?? 'ok');
            if (isDomainError(outcome)) return;
            await log.append(productStream(productId), outcome);
            const rows = await log.query(
              `SELECT p.name, p.description, v.name AS version, m.name AS milestone FROM S.products p
            JOIN S.versions v ON v.product_id = p.id JOIN S.milestones m ON m.product_id = p.id WHERE p.id = $1`,
              [productId],
            );
            expect(rows).toEqual([{ name, description: text, version, milestone: version }]);
            const state = outcome.reduce(productDecider.evolve, productDecider.initialState());
            const component = productDecider.decide(
              {
                kind: 'CreateComponent',
                componentId: productId,
                name,
                description: text,
                defaultAssigneeId: 1,
                defaultQaContactId: null,
                defaultCcIds: [],
                isActive: true,
              },
              state,
            );
            await log.append(productStream(productId), accepted(component));
            expect(await log.query(`SELECT name, description FROM S.components WHERE id = $1`, [productId])).toEqual([
              { name, description: text },
            ]);
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('creates classifications and keywords up to the limits, sort keys within smallint, and refuses the rest', async () => {
      await fc.assert(
        fc.asyncProperty(lengthAround(L.nameLength, 6), description, sortKey, async (nameLength, text, key) => {
          const id = (nextId += 1);
          const name = uniqueName(nameLength, id, 'é');
          const classification = classificationDecider.decide(
            { kind: 'CreateClassification', classificationId: id, name, description: text, sortKey: key, nameInUse: null },
            classificationDecider.initialState(),
          );
          const over = name.length > L.nameLength || text.length > L.descriptionLength || key < 0 || key > L.sortKey.max;
          expect(codeOf(classification)).toBe(over ? 32000 : 'ok');
          if (!isDomainError(classification)) {
            await log.append(classificationStream(id), classification);
            expect(await log.query(`SELECT name, description, sort_key FROM S.classifications WHERE id = $1`, [id])).toEqual([
              { name, description: text, sort_key: key },
            ]);
          }
          const keyword = keywordDecider.decide(
            { kind: 'CreateKeyword', keywordId: id, name, description: text, nameInUse: null },
            keywordDecider.initialState(),
          );
          expect(codeOf(keyword)).toBe(name.length > L.nameLength ? 32000 : text.length > L.descriptionLength ? 32000 : 'ok');
          if (isDomainError(keyword)) return;
          await log.append(keywordStream(id), keyword);
          expect(await log.query(`SELECT name, description FROM S.keywords WHERE id = $1`, [id])).toEqual([{ name, description: text }]);
        }),
        LIMIT_RUNS,
      );
    });

    it('creates custom fields with names, descriptions and sort keys up to the limits, and refuses the rest', async () => {
      await fc.assert(
        fc.asyncProperty(
          lengthAround(L.nameLength, 8),
          textAround(L.fieldDisplayNameLength, 1),
          textAround(L.fieldLongDescriptionLength),
          sortKey,
          async (nameLength, displayName, longDescription, key) => {
            const fieldId = (nextId += 1);
            const name = `cf_${textOfLength(nameLength - 3 - String(fieldId).length, 'x')}${fieldId}`;
            const outcome = fieldDecider.decide(
              {
                kind: 'CreateCustomField',
                fieldId,
                emptyValueId: fieldId,
                name,
                displayName,
                type: 1,
                isMandatory: false,
                isOnBugEntry: false,
                sortKey: key,
                longDescription,
                visibility: { field: null, values: [] },
                valueField: null,
                nameInUse: null,
              },
              fieldDecider.initialState(),
            );
            const over =
              name.length > L.nameLength ||
              displayName.length > L.fieldDisplayNameLength ||
              longDescription.length > L.fieldLongDescriptionLength ||
              key < 0 ||
              key > L.sortKey.max;
            expect(codeOf(outcome)).toBe(over ? 32000 : 'ok');
            if (isDomainError(outcome)) return;
            await log.append(fieldStream(fieldId), outcome);
            expect(await log.query(`SELECT name, display_name, long_description, sort_key FROM S.fields WHERE id = $1`, [fieldId])).toEqual(
              [{ name, display_name: displayName, long_description: longDescription, sort_key: key }],
            );
          },
        ),
        LIMIT_RUNS,
      );
    });
  });
});
