import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@tracker/contracts';
import type { EventStore } from '@tracker/platform/event-store';
import { IdSequences, type ReadModel } from '@tracker/platform/read-model';
import { flagTypeSettings } from '@tracker/flags/domain/testing';
import { openProjectionFixture } from '@tracker/platform/read-model/testing';
import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import { FlagTypeQueries, type FlagTypeRecord } from './flag-type.queries';
import { FlagTypesProjection } from './flag-types.projection';
import { CreateFlagTypesTables1764300000000 } from './migrations/1764300000000-create-flag-types-tables';

const meta: EventMetadata = { actor: 1, occurredAt: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };
const widgets = { id: 3, name: 'Widgets' };
const settings = flagTypeSettings;

function describeProjection(name: string, createFixture: () => Promise<TestDatabase>): void {
  describe(`flag types projection: ${name}`, () => {
    let store: EventStore;
    let readModel: ReadModel;
    let close: () => Promise<void>;
    let queries: FlagTypeQueries;
    const schema = `flags_${randomUUID().slice(0, 8)}`;
    const append = async (typeId: number, type: string, data: unknown): Promise<void> => {
      await store.appendToStream(`flagtype-${typeId}`, [{ type, data, schemaVersion: 1, metadata: meta }], { expectedRevision: 'any' });
    };
    const needsReconcile = async (): Promise<Array<{ type_id: number; needs_reconcile: boolean; revision: number }>> =>
      readModel.dataSource.query(`SELECT type_id, needs_reconcile, revision FROM ${schema}.flag_types ORDER BY type_id`);

    beforeAll(async () => {
      ({ store, readModel, close } = await openProjectionFixture(await createFixture(), {
        name: 'flags',
        schema,
        migrations: [CreateFlagTypesTables1764300000000],
        projections: [new FlagTypesProjection()],
      }));
      queries = new FlagTypeQueries(readModel.dataSource);
      await append(1, 'FlagTypeCreated', { typeId: 1, ...settings('review', { sortKey: 10, ccList: ['a@example.com', 'b@example.com'] }) });
      await append(2, 'FlagTypeCreated', {
        typeId: 2,
        ...settings('needinfo', {
          grantGroup: { id: 7, name: 'granters' },
          inclusions: [{ product: widgets, component: { id: 5, name: 'Main' } }],
          exclusions: [{ product: widgets, component: { id: 6, name: 'Docs' } }],
        }),
      });
      await append(2, 'FlagTypeUpdated', {
        typeId: 2,
        changes: {
          name: 'info',
          isActive: false,
          grantGroup: null,
          requestGroup: { id: 8, name: 'askers' },
          inclusions: [{ product: widgets, component: null }],
        },
        before: {},
        needsReconcile: true,
      });
      await append(40, 'FlagTypeCreated', { typeId: 40, ...settings('zeta', { targetType: 'attachment' }) });
      await append(40, 'FlagTypeUpdated', { typeId: 40, changes: { isRequesteeble: false }, before: {}, needsReconcile: true });
      await append(40, 'FlagTypeReconciled', { typeId: 40, upToRevision: 1 });
      await readModel.catchUp();
    }, 60_000);

    afterAll(() => close());

    it('holds each type as its stream folds it, in sort key, name and id order', async () => {
      const all = await queries.all();
      expect(all.map((type) => [type.id, type.name, type.sortKey])).toEqual([
        [2, 'info', 1],
        [40, 'zeta', 1],
        [1, 'review', 10],
      ]);
      expect(all[2]).toEqual<FlagTypeRecord>({
        id: 1,
        name: 'review',
        description: 'review type',
        targetType: 'bug',
        sortKey: 10,
        isActive: true,
        isRequestable: true,
        isRequesteeble: true,
        isMultiplicable: true,
        ccList: 'a@example.com, b@example.com',
        grantGroup: null,
        requestGroup: null,
        inclusions: [{ product: null, component: null }],
        exclusions: [],
      });
      expect(all[0]).toMatchObject({
        isActive: false,
        grantGroup: null,
        requestGroup: { id: 8, name: 'askers' },
        inclusions: [{ product: { id: 3, name: '' }, component: null }],
        exclusions: [{ product: { id: 3, name: '' }, component: { id: 6, name: '' } }],
      });
      expect(await queries.refs()).toEqual([
        { id: 1, name: 'review' },
        { id: 2, name: 'info' },
        { id: 40, name: 'zeta' },
      ]);
    });

    it('keeps a narrowing pending until a reconciliation covers it', async () => {
      expect(await needsReconcile()).toEqual([
        { type_id: 1, needs_reconcile: false, revision: 0 },
        { type_id: 2, needs_reconcile: true, revision: 1 },
        { type_id: 40, needs_reconcile: false, revision: 2 },
      ]);
    });

    it('advances the id sequence past every type, and rebuilds to the same rows', async () => {
      const before = [await queries.all(), await needsReconcile()];
      await readModel.rebuild();
      await readModel.catchUp();
      expect([await queries.all(), await needsReconcile()]).toEqual(before);
      expect(await new IdSequences(readModel.dataSource).next('flagtype_ids')).toBe(41);
    });
  });
}

describeOnBothPostgres('flag types', describeProjection);
