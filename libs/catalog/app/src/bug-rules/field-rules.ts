import type { CustomFieldRule, FieldRules, ValueRule } from '@tracker/contracts';
import { canChangeTo } from '../fields/field.view';
import type { FieldSnapshot } from '../read-model/field.queries';

/** The legal values and the workflow as the bugs service's deciders read them. */
export function fieldRules(snapshot: FieldSnapshot): FieldRules {
  const valuesOf = (fieldName: string): ValueRule[] => {
    const field = snapshot.fields.find((f) => f.name === fieldName);
    return snapshot.values
      .filter((v) => v.field_id === field?.id)
      .map((v) => ({ id: v.id, name: v.name, isActive: v.is_active, sortKey: v.sort_key }));
  };
  const transitions = (fromId: number): FieldRules['initialStatuses'] =>
    canChangeTo(snapshot, fromId).map((t) => ({ name: t.name, commentRequired: t.comment_required }));
  return {
    statuses: snapshot.statuses.map((s) => ({
      id: s.id,
      name: s.name,
      isActive: s.is_active,
      sortKey: s.sort_key,
      isOpen: s.is_open,
      canChangeTo: transitions(s.id),
    })),
    initialStatuses: transitions(0),
    resolutions: valuesOf('resolution'),
    priorities: valuesOf('priority'),
    severities: valuesOf('bug_severity'),
    platforms: valuesOf('rep_platform'),
    opSystems: valuesOf('op_sys'),
    keywords: snapshot.keywords.map((k) => ({ id: k.id, name: k.name, isActive: true, sortKey: 0 })),
    customFields: snapshot.fields.filter((f) => f.is_custom).map((f) => customFieldRule(f, snapshot)),
  };
}

function customFieldRule(field: FieldSnapshot['fields'][number], snapshot: FieldSnapshot): CustomFieldRule {
  return {
    id: field.id,
    name: field.name,
    displayName: field.display_name,
    type: field.type,
    isMandatory: field.is_mandatory,
    isOnBugEntry: field.is_on_bug_entry,
    isObsolete: field.is_obsolete,
    values: snapshot.values
      .filter((v) => v.field_id === field.id)
      .map((v) => ({ id: v.id, name: v.name, isActive: v.is_active, sortKey: v.sort_key, visibilityValue: v.visibility_value })),
    visibilityField: field.visibility_field,
    visibilityValues: snapshot.visibility.filter((v) => v.field_id === field.id).map((v) => v.name),
    valueField: field.value_field,
  };
}
