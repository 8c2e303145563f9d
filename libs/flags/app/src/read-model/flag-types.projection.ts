import type { EntityManager } from 'typeorm';
import { FLAG_TYPE_STREAM_PREFIX, type FlagTypeChanges, type FlagTypeClusion, type FlagTypeEvent } from '@tracker/contracts';
import { joinCcList } from '@tracker/flags/domain';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { IdSequence, type Projection, schemaOf } from '@tracker/platform/read-model';

/**
 * The flag types of the `flagtype-` streams (docs/flags.md §9): the row holds the current
 * settings, the stream revision and whether a narrowing still waits for its reconciliation;
 * inclusions and exclusions are rows of product and component ids (0 = any).
 */
export class FlagTypesProjection implements Projection {
  readonly name = 'flag-types';
  readonly streamPrefixes = [FLAG_TYPE_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) await applyEvent(domainEvent<FlagTypeEvent>(recorded), recorded.revision, manager);
  }
}

async function applyEvent(event: FlagTypeEvent, revision: number, manager: EntityManager): Promise<void> {
  const schema = schemaOf(manager.connection);
  switch (event.type) {
    case 'FlagTypeCreated': {
      const d = event.data;
      await manager.query(
        `INSERT INTO ${schema}.flag_types
           (type_id, name, description, target_type, sort_key, is_active, is_requestable, is_requesteeble, is_multiplicable,
            cc_list, grant_group_id, grant_group_name, request_group_id, request_group_name, needs_reconcile, reconcile_needed_at, revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, false, NULL, $15)
         ON CONFLICT (type_id) DO NOTHING`,
        [
          d.typeId,
          d.name,
          d.description,
          d.targetType,
          d.sortKey,
          d.isActive,
          d.isRequestable,
          d.isRequesteeble,
          d.isMultiplicable,
          joinCcList(d.ccList),
          d.grantGroup?.id ?? null,
          d.grantGroup?.name ?? null,
          d.requestGroup?.id ?? null,
          d.requestGroup?.name ?? null,
          revision,
        ],
      );
      await replaceClusions(manager, d.typeId, 'i', d.inclusions);
      await replaceClusions(manager, d.typeId, 'e', d.exclusions);
      await IdSequence.advancePast(manager, 'flagtype_ids', d.typeId);
      return;
    }
    case 'FlagTypeUpdated': {
      const { typeId, changes, needsReconcile } = event.data;
      const [columns, values] = changedColumns(changes);
      const reconcile = needsReconcile ? `, needs_reconcile = true, reconcile_needed_at = $2` : '';
      const sets = columns.map((column, index) => `, ${column} = $${index + 3}`).join('');
      await manager.query(`UPDATE ${schema}.flag_types SET revision = $2${reconcile}${sets} WHERE type_id = $1`, [
        typeId,
        revision,
        ...values,
      ]);
      if (changes.inclusions) await replaceClusions(manager, typeId, 'i', changes.inclusions);
      if (changes.exclusions) await replaceClusions(manager, typeId, 'e', changes.exclusions);
      return;
    }
    case 'FlagTypeReconciled':
      await manager.query(
        `UPDATE ${schema}.flag_types SET revision = $2,
           needs_reconcile = needs_reconcile AND (reconcile_needed_at IS NULL OR reconcile_needed_at > $3)
         WHERE type_id = $1`,
        [event.data.typeId, revision, event.data.upToRevision],
      );
      return;
  }
}

/** The columns an update sets, with their values, in one order. */
function changedColumns(changes: FlagTypeChanges): [string[], unknown[]] {
  const pairs: Array<[string, unknown]> = [];
  const add = (column: string, value: unknown): void => void (value === undefined ? undefined : pairs.push([column, value]));
  add('name', changes.name);
  add('description', changes.description);
  add('sort_key', changes.sortKey);
  add('is_active', changes.isActive);
  add('is_requestable', changes.isRequestable);
  add('is_requesteeble', changes.isRequesteeble);
  add('is_multiplicable', changes.isMultiplicable);
  add('cc_list', changes.ccList === undefined ? undefined : joinCcList(changes.ccList));
  if (changes.grantGroup !== undefined)
    pairs.push(['grant_group_id', changes.grantGroup?.id ?? null], ['grant_group_name', changes.grantGroup?.name ?? null]);
  if (changes.requestGroup !== undefined) {
    pairs.push(['request_group_id', changes.requestGroup?.id ?? null], ['request_group_name', changes.requestGroup?.name ?? null]);
  }
  return [pairs.map(([column]) => column), pairs.map(([, value]) => value)];
}

async function replaceClusions(
  manager: EntityManager,
  typeId: number,
  kind: 'i' | 'e',
  clusions: readonly FlagTypeClusion[],
): Promise<void> {
  const schema = schemaOf(manager.connection);
  await manager.query(`DELETE FROM ${schema}.flag_type_clusions WHERE type_id = $1 AND kind = $2`, [typeId, kind]);
  for (const clusion of clusions) {
    await manager.query(
      `INSERT INTO ${schema}.flag_type_clusions (type_id, kind, product_id, component_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [typeId, kind, clusion.product?.id ?? 0, clusion.component?.id ?? 0],
    );
  }
}
