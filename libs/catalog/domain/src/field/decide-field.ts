import {
  CUSTOM_FIELD_TYPES,
  FIELD_TYPE,
  type DomainError,
  type FieldChanges,
  type FieldEvent,
  type FieldTypeCode,
  type FieldVisibility,
  type CatalogRef,
  isDomainError,
  isSelectType,
} from '@tracker/contracts';
import { CATALOG_LIMITS, fieldTextTooLong, isFieldSortKey } from '../catalog-limits';
import { CatalogErrors } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { cleanText } from '../shared/names';
import type { ControllerField, CreateCustomField, InstallField, RequestedVisibility, UpdateCustomField } from './field.commands';
import type { ExistingField } from './field.state';

const MAX_LONG_DESCRIPTION = CATALOG_LIMITS.fieldLongDescriptionLength;
const NO_VISIBILITY: FieldVisibility = { field: null, values: [] };

/**
 * Bugzilla's custom field names: lower case letters, digits and `_`, always starting
 * with `cf_` (added when missing). The handler uses it to look for a field of that name.
 */
export function customFieldName(raw: string | undefined): string {
  const name = cleanText(raw).toLowerCase();
  return name === '' || name.startsWith('cf_') ? name : `cf_${name}`;
}

export function decideInstallField(command: InstallField): readonly FieldEvent[] {
  const created: FieldEvent = {
    type: 'FieldCreated',
    data: {
      fieldId: command.fieldId,
      name: command.name,
      displayName: command.displayName,
      type: command.type,
      isCustom: false,
      isMandatory: command.isMandatory,
      isOnBugEntry: false,
      sortKey: command.sortKey,
      longDescription: '',
      visibility: NO_VISIBILITY,
      valueField: null,
    },
  };
  const values: FieldEvent[] = command.values.map((value) => ({
    type: 'FieldValueAdded',
    data: {
      fieldId: command.fieldId,
      fieldName: command.name,
      valueId: value.id,
      name: value.name,
      sortKey: value.sortKey,
      isActive: true,
      visibilityValue: null,
    },
  }));
  return [created, ...values];
}

/** Bugzilla's Field->create for a custom field; a single-select field starts with the value `---`. */
export function decideCreateCustomField(command: CreateCustomField): readonly FieldEvent[] | DomainError {
  const definition = checkCustomDefinition(command);
  if (isDomainError(definition)) return definition;
  const events: FieldEvent[] = [
    {
      type: 'FieldCreated',
      data: {
        fieldId: command.fieldId,
        ...definition,
        isCustom: true,
        isMandatory: command.isMandatory,
        isOnBugEntry: command.isOnBugEntry,
        sortKey: command.sortKey,
      },
    },
  ];
  if (definition.type === FIELD_TYPE.singleSelect) {
    const fieldName = definition.name;
    events.push({
      type: 'FieldValueAdded',
      data: {
        fieldId: command.fieldId,
        fieldName,
        valueId: command.emptyValueId,
        name: '---',
        sortKey: 0,
        isActive: true,
        visibilityValue: null,
      },
    });
  }
  return events;
}

/** What a new custom field is, checked in Bugzilla's order (name first, then its text, sort key, type, controls). */
function checkCustomDefinition(command: CreateCustomField): CustomDefinition | DomainError {
  const raw = cleanText(command.name).toLowerCase();
  if (!raw) return CatalogErrors.fieldMissingName();
  if (!/^[a-z0-9_]+$/.test(raw) || raw === 'cf_') return CatalogErrors.fieldInvalidName(raw);
  const name = customFieldName(raw);
  if (name.length > CATALOG_LIMITS.nameLength) return fieldTextTooLong('field name', name);
  if (command.nameInUse) return CatalogErrors.fieldAlreadyExists(command.nameInUse.name, command.nameInUse.displayName);
  const displayName = cleanText(command.displayName);
  if (!displayName) return CatalogErrors.fieldMissingDescription();
  if (displayName.length > CATALOG_LIMITS.fieldDisplayNameLength) return fieldTextTooLong('field description', displayName);
  const longDescription = cleanText(command.longDescription);
  if (longDescription.length > MAX_LONG_DESCRIPTION) return CatalogErrors.fieldLongDescTooLong();
  if (!isFieldSortKey(command.sortKey)) return CatalogErrors.fieldInvalidSortkey(command.sortKey);
  if (command.type === FIELD_TYPE.unknown) return CatalogErrors.fieldTypeNotSpecified();
  const type = CUSTOM_FIELD_TYPES.find((t) => t === command.type);
  if (type === undefined) return CatalogErrors.invalidFieldType(command.type);
  const valueField = checkValueField(command.valueField, type, null);
  if (isDomainError(valueField)) return valueField;
  const visibility = checkVisibility(command.visibility, null);
  if (isDomainError(visibility)) return visibility;
  return { name, displayName, type, longDescription, visibility, valueField };
}

interface CustomDefinition {
  readonly name: string;
  readonly displayName: string;
  readonly type: FieldTypeCode;
  readonly longDescription: string;
  readonly visibility: FieldVisibility;
  readonly valueField: CatalogRef | null;
}

/** Only custom fields change (Bugzilla's editfields); name and type never do. */
export function decideUpdateCustomField(command: UpdateCustomField, state: ExistingField): readonly FieldEvent[] | DomainError {
  if (!state.isCustom) return CatalogErrors.fieldNotCustom(state.displayName, state.name);
  const displayName = command.displayName === undefined ? undefined : cleanText(command.displayName);
  if (displayName === '') return CatalogErrors.fieldMissingDescription();
  if (displayName !== undefined && displayName.length > CATALOG_LIMITS.fieldDisplayNameLength)
    return fieldTextTooLong('field description', displayName);
  const longDescription = command.longDescription === undefined ? undefined : cleanText(command.longDescription);
  if (longDescription !== undefined && longDescription.length > MAX_LONG_DESCRIPTION) return CatalogErrors.fieldLongDescTooLong();
  if (command.sortKey !== undefined && !isFieldSortKey(command.sortKey)) {
    return CatalogErrors.fieldInvalidSortkey(command.sortKey);
  }
  const valueField = command.valueField === undefined ? undefined : checkValueField(command.valueField, state.type, state);
  if (isDomainError(valueField)) return valueField;
  const visibility = command.visibility === undefined ? undefined : checkVisibility(command.visibility, state);
  if (isDomainError(visibility)) return visibility;
  const changes: FieldChanges = definedOnly({
    displayName: changed(state.displayName, displayName),
    isMandatory: changed(state.isMandatory, command.isMandatory),
    isOnBugEntry: changed(state.isOnBugEntry, command.isOnBugEntry),
    sortKey: changed(state.sortKey, command.sortKey),
    isObsolete: changed(state.isObsolete, command.isObsolete),
    longDescription: changed(state.longDescription, longDescription),
    visibility: changed(state.visibility, visibility, sameVisibility),
    valueField: changed(state.valueField, valueField, (a, b) => a?.id === b?.id),
  });
  if (!hasAny(changes)) return [];
  return [{ type: 'FieldUpdated', data: { fieldId: state.id, name: state.name, changes } }];
}

function checkController(controller: ControllerField, self: ExistingField | null): DomainError | undefined {
  if (self && controller.id === self.id) return CatalogErrors.fieldCantControlSelf(self.displayName);
  if (!isSelectType(controller.type)) return CatalogErrors.fieldControlMustBeSelect(controller.displayName);
  return undefined;
}

function checkValueField(
  controller: ControllerField | null,
  type: FieldTypeCode,
  self: ExistingField | null,
): CatalogRef | null | DomainError {
  if (!controller) return null;
  if (!isSelectType(type)) return CatalogErrors.fieldValueControlSelectOnly();
  return checkController(controller, self) ?? { id: controller.id, name: controller.name };
}

function checkVisibility(requested: RequestedVisibility, self: ExistingField | null): FieldVisibility | DomainError {
  const controller = requested.field;
  if (!controller) return NO_VISIBILITY;
  const refused = checkController(controller, self);
  if (refused) return refused;
  if (requested.values.length === 0) return CatalogErrors.fieldVisibilityValuesMustBeSelected(controller.name);
  const unique = [...new Map(requested.values.map((value) => [value.id, value])).values()];
  return { field: { id: controller.id, name: controller.name }, values: unique };
}

function sameVisibility(a: FieldVisibility, b: FieldVisibility): boolean {
  const ids = (v: FieldVisibility): string =>
    v.values
      .map((value) => value.id)
      .sort((x, y) => x - y)
      .join(',');
  return a.field?.id === b.field?.id && ids(a) === ids(b);
}
