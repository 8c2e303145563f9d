import { type DomainError, type FieldEvent, type FieldValueChanges, isSelectType } from '@tracker/contracts';
import { CatalogErrors, SMALLINT } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, findByName, trimmed } from '../shared/names';
import type { AddFieldValue, UpdateFieldValue } from './field.commands';
import type { ExistingField, FieldValueState } from './field.state';

/**
 * Select fields whose values are objects of their own (products, components,
 * classifications, statuses) are edited elsewhere; every other select field keeps its
 * values in its own stream.
 */
const VALUES_KEPT_ELSEWHERE = new Set(['classification', 'product', 'component', 'bug_status']);

/** Values Bugzilla will not rename or disable: they mean something to the code. */
function isStatic(field: ExistingField, value: string): boolean {
  if (field.name === 'resolution') return ['', 'FIXED', 'DUPLICATE'].includes(value);
  return field.isCustom && value === '---';
}

export function hasOwnValues(field: { readonly name: string; readonly type: number }): boolean {
  return isSelectType(field.type) && !VALUES_KEPT_ELSEWHERE.has(field.name);
}

export function decideAddFieldValue(command: AddFieldValue, state: ExistingField): readonly FieldEvent[] | DomainError {
  if (!hasOwnValues(state)) return CatalogErrors.fieldNotEditable(state.name);
  const name = checkName(command.name, state, null);
  if (typeof name !== 'string') return name;
  if (!isValidSortKey(command.sortKey)) return CatalogErrors.fieldValueSortkeyInvalid(command.sortKey, state.displayName);
  return [
    {
      type: 'FieldValueAdded',
      data: {
        fieldId: state.id,
        fieldName: state.name,
        valueId: command.valueId,
        name,
        sortKey: command.sortKey,
        isActive: command.isActive,
        // Without a value field nothing can control a value's visibility.
        visibilityValue: state.valueField ? command.visibilityValue : null,
      },
    },
  ];
}

export function decideUpdateFieldValue(command: UpdateFieldValue, state: ExistingField): readonly FieldEvent[] | DomainError {
  if (!hasOwnValues(state)) return CatalogErrors.fieldNotEditable(state.name);
  const value = state.values.find((v) => v.id === command.valueId);
  if (!value) return CatalogErrors.objectIdDoesNotExist(state.displayName, command.valueId);
  let name: string | undefined;
  if (command.name !== undefined) {
    const checked = checkName(command.name, state, value);
    if (typeof checked !== 'string') return checked;
    name = checked;
  }
  const renames = name !== undefined && name !== value.name;
  // The installation's default is named in its configuration: it may not go away.
  if (renames && (isStatic(state, value.name) || value.name === command.defaultValue)) {
    return CatalogErrors.fieldValueNotEditable(value.name, state.displayName);
  }
  if (command.isActive === false && value.isActive) {
    if (value.name === command.defaultValue) return CatalogErrors.fieldValueIsDefault(value.name, state.displayName);
    if (isStatic(state, value.name)) return CatalogErrors.fieldValueNotDeletable(value.name, state.displayName);
  }
  if (command.sortKey !== undefined && !isValidSortKey(command.sortKey)) {
    return CatalogErrors.fieldValueSortkeyInvalid(command.sortKey, state.displayName);
  }
  const visibilityValue = state.valueField ? command.visibilityValue : undefined;
  const changes: FieldValueChanges = definedOnly({
    name: changed(value.name, name),
    sortKey: changed(value.sortKey, command.sortKey),
    isActive: changed(value.isActive, command.isActive),
    visibilityValue: changed(value.visibilityValue, visibilityValue, (a, b) => a?.id === b?.id),
  });
  if (!hasAny(changes)) return [];
  return [
    {
      type: 'FieldValueUpdated',
      data: { fieldId: state.id, fieldName: state.name, valueId: value.id, name: name ?? value.name, changes },
    },
  ];
}

function checkName(raw: string | undefined, field: ExistingField, self: FieldValueState | null): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.fieldValueUndefined();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.fieldValueNameTooLong(name);
  const existing = findByName(field.values, name);
  if (existing && existing.id !== self?.id) return CatalogErrors.fieldValueAlreadyExists(existing.name, field.displayName);
  return name;
}

function isValidSortKey(sortKey: number): boolean {
  return Number.isInteger(sortKey) && sortKey >= 0 && sortKey <= SMALLINT.max;
}
