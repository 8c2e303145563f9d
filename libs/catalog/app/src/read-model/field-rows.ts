import type { CatalogRef, FieldEvent, FieldVisibility } from '@tracker/contracts';
import { IdSequence } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { Sql } from './sql';

/** Applies a field stream's events to fields, field_visibility and field_values. */
export async function applyFieldEvent(sql: Sql, manager: EntityManager, event: FieldEvent): Promise<void> {
  switch (event.type) {
    case 'FieldCreated': {
      const d = event.data;
      await sql(
        `INSERT INTO {s}.fields (id, name, display_name, type, is_custom, is_mandatory, is_on_bug_entry, sort_key, is_obsolete,
           long_description, visibility_field_id, value_field_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10, $11)`,
        [
          d.fieldId,
          d.name,
          d.displayName,
          d.type,
          d.isCustom,
          d.isMandatory,
          d.isOnBugEntry,
          d.sortKey,
          d.longDescription,
          d.visibility.field?.id ?? null,
          d.valueField?.id ?? null,
        ],
      );
      await replaceVisibility(sql, d.fieldId, d.visibility);
      await IdSequence.advancePast(manager, 'field_ids', d.fieldId);
      return;
    }
    case 'FieldUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.fields SET display_name = coalesce($2, display_name), is_mandatory = coalesce($3, is_mandatory),
           is_on_bug_entry = coalesce($4, is_on_bug_entry), sort_key = coalesce($5, sort_key),
           is_obsolete = coalesce($6, is_obsolete), long_description = coalesce($7, long_description),
           visibility_field_id = CASE WHEN $8 THEN $9::integer ELSE visibility_field_id END,
           value_field_id = CASE WHEN $10 THEN $11::integer ELSE value_field_id END
         WHERE id = $1`,
        [
          event.data.fieldId,
          c.displayName?.to ?? null,
          c.isMandatory?.to ?? null,
          c.isOnBugEntry?.to ?? null,
          c.sortKey?.to ?? null,
          c.isObsolete?.to ?? null,
          c.longDescription?.to ?? null,
          c.visibility !== undefined,
          c.visibility?.to.field?.id ?? null,
          c.valueField !== undefined,
          idOf(c.valueField?.to),
        ],
      );
      if (c.visibility) await replaceVisibility(sql, event.data.fieldId, c.visibility.to);
      return;
    }
    case 'FieldValueAdded': {
      const d = event.data;
      await sql(
        `INSERT INTO {s}.field_values (id, field_id, name, sort_key, is_active, visibility_value_id) VALUES ($1, $2, $3, $4, $5, $6)`,
        [d.valueId, d.fieldId, d.name, d.sortKey, d.isActive, idOf(d.visibilityValue)],
      );
      await IdSequence.advancePast(manager, 'field_value_ids', d.valueId);
      return;
    }
    case 'FieldValueUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.field_values SET name = coalesce($2, name), sort_key = coalesce($3, sort_key), is_active = coalesce($4, is_active),
           visibility_value_id = CASE WHEN $5 THEN $6::integer ELSE visibility_value_id END
         WHERE id = $1`,
        [
          event.data.valueId,
          c.name?.to ?? null,
          c.sortKey?.to ?? null,
          c.isActive?.to ?? null,
          c.visibilityValue !== undefined,
          idOf(c.visibilityValue?.to),
        ],
      );
      return;
    }
  }
}

function idOf(ref: CatalogRef | null | undefined): number | null {
  return ref?.id ?? null;
}

async function replaceVisibility(sql: Sql, fieldId: number, visibility: FieldVisibility): Promise<void> {
  await sql(`DELETE FROM {s}.field_visibility WHERE field_id = $1`, [fieldId]);
  if (visibility.values.length === 0) return;
  await sql(`INSERT INTO {s}.field_visibility (field_id, value_id) SELECT $1, unnest($2::integer[]) ON CONFLICT DO NOTHING`, [
    fieldId,
    visibility.values.map((value) => value.id),
  ]);
}
