import { type FieldObject, type FieldValueObject, isSelectType } from '@tracker/contracts';
import type { FieldRow, FieldSnapshot, ProductValueRow, StatusRow } from '../read-model/field.queries';

/** Fields whose values are per product: their value_field is `product`. */
export const PRODUCT_SPECIFIC = new Set(['version', 'component', 'target_milestone']);

/** Bug.fields: a field has `values` (and `value_field`) when it is a select other than product, per product, or keywords. */
export function hasValues(field: FieldRow): boolean {
  return (isSelectType(field.type) && field.name !== 'product') || PRODUCT_SPECIFIC.has(field.name) || field.name === 'keywords';
}

export function fieldObject(field: FieldRow, snapshot: FieldSnapshot): FieldObject {
  const base: FieldObject = {
    id: field.id,
    name: field.name,
    display_name: field.display_name,
    type: field.type,
    is_custom: field.is_custom,
    is_mandatory: field.is_mandatory,
    is_on_bug_entry: field.is_on_bug_entry,
    visibility_field: field.visibility_field,
    visibility_values: snapshot.visibility.filter((v) => v.field_id === field.id).map((v) => v.name),
  };
  if (!hasValues(field)) return base;
  return { ...base, value_field: PRODUCT_SPECIFIC.has(field.name) ? 'product' : field.value_field, values: valuesOf(field, snapshot) };
}

function valuesOf(field: FieldRow, snapshot: FieldSnapshot): FieldValueObject[] {
  switch (field.name) {
    case 'version':
      return snapshot.versions.map(productValue);
    case 'component':
      return snapshot.components.map(productValue);
    case 'target_milestone':
      return snapshot.milestones.map(productValue);
    case 'bug_status':
      return statusValues(snapshot);
    case 'keywords':
      return snapshot.keywords.map((k) => ({ name: k.name, description: k.description }));
    case 'classification':
      return snapshot.classifications.map((c) => ({ name: c.name, sort_key: c.sort_key, sortkey: c.sort_key, visibility_values: [] }));
    default:
      return snapshot.values
        .filter((v) => v.field_id === field.id)
        .map((v) => ({
          name: v.name,
          sort_key: v.sort_key,
          sortkey: v.sort_key,
          visibility_values: v.visibility_value === null ? [] : [v.visibility_value],
        }));
  }
}

function productValue(row: ProductValueRow): FieldValueObject {
  return { name: row.name, sort_key: row.sort_key, sortkey: row.sort_key, visibility_values: [row.product], is_active: row.is_active };
}

/** bug_status: a first value named null for a new bug, then every status with where it may go. */
function statusValues(snapshot: FieldSnapshot): FieldValueObject[] {
  const pseudo: StatusRow = { id: 0, name: '', is_open: true, sort_key: 0, is_active: true };
  return [pseudo, ...snapshot.statuses].map((status) => ({
    name: status.id === 0 ? null : status.name,
    sort_key: status.sort_key,
    sortkey: status.sort_key,
    visibility_values: [],
    is_open: status.is_open,
    can_change_to: canChangeTo(snapshot, status.id),
  }));
}

/** Active targets of a status (0: new bug) in status order, never the status itself. */
export function canChangeTo(
  snapshot: Pick<FieldSnapshot, 'statuses' | 'transitions'>,
  fromId: number,
): { name: string; comment_required: boolean }[] {
  return snapshot.statuses.flatMap((target) => {
    if (target.id === fromId || !target.is_active) return [];
    const transition = snapshot.transitions.find((t) => t.from_status_id === fromId && t.to_status_id === target.id);
    return transition ? [{ name: target.name, comment_required: transition.comment_required }] : [];
  });
}
