import type { EntityManager } from 'typeorm';
import { FIELD_STREAM_PREFIX, type FieldEvent } from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';

/**
 * The installation's custom fields (catalog's public `field-` events): a bug read returns
 * every non-obsolete custom field, with its type, without asking the catalog each time.
 */
export class CustomFieldsProjection implements Projection {
  readonly name = 'bug-custom-fields';
  readonly streamPrefixes = [FIELD_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    for (const recorded of events) {
      const event = domainEvent<FieldEvent>(recorded);
      if (event.type === 'FieldCreated' && event.data.isCustom) {
        await manager.query(
          `INSERT INTO ${s}.bug_custom_fields (name, type, is_obsolete, sort_key) VALUES ($1, $2, false, $3)
           ON CONFLICT (name) DO UPDATE SET type = EXCLUDED.type, sort_key = EXCLUDED.sort_key`,
          [event.data.name, event.data.type, event.data.sortKey],
        );
      } else if (event.type === 'FieldUpdated') {
        const { isObsolete, sortKey } = event.data.changes;
        if (isObsolete)
          await manager.query(`UPDATE ${s}.bug_custom_fields SET is_obsolete = $2 WHERE name = $1`, [event.data.name, isObsolete.to]);
        if (sortKey) await manager.query(`UPDATE ${s}.bug_custom_fields SET sort_key = $2 WHERE name = $1`, [event.data.name, sortKey.to]);
      }
    }
  }
}
