import type { FieldEvent, FieldTypeCode, FieldVisibility, CatalogRef } from '@tracker/contracts';

/** A bug field definition as its decider sees it, with the legal values kept in its stream. */
export interface FieldValueState {
  readonly id: number;
  readonly name: string;
  readonly sortKey: number;
  readonly isActive: boolean;
  readonly visibilityValue: CatalogRef | null;
}

export interface ExistingField {
  readonly kind: 'present';
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly type: FieldTypeCode;
  readonly isCustom: boolean;
  readonly isMandatory: boolean;
  readonly isOnBugEntry: boolean;
  readonly sortKey: number;
  readonly isObsolete: boolean;
  readonly longDescription: string;
  readonly visibility: FieldVisibility;
  readonly valueField: CatalogRef | null;
  readonly values: readonly FieldValueState[];
}

export type FieldState = { readonly kind: 'absent' } | ExistingField;

export const initialFieldState = (): FieldState => ({ kind: 'absent' });

export function evolveField(state: FieldState, event: FieldEvent): FieldState {
  if (event.type === 'FieldCreated') {
    const { fieldId, ...definition } = event.data;
    return { kind: 'present', id: fieldId, ...definition, isObsolete: false, values: [] };
  }
  if (state.kind === 'absent') return state;
  switch (event.type) {
    case 'FieldUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        displayName: c.displayName?.to ?? state.displayName,
        isMandatory: c.isMandatory?.to ?? state.isMandatory,
        isOnBugEntry: c.isOnBugEntry?.to ?? state.isOnBugEntry,
        sortKey: c.sortKey?.to ?? state.sortKey,
        isObsolete: c.isObsolete?.to ?? state.isObsolete,
        longDescription: c.longDescription?.to ?? state.longDescription,
        visibility: c.visibility?.to ?? state.visibility,
        valueField: c.valueField ? c.valueField.to : state.valueField,
      };
    }
    case 'FieldValueAdded': {
      const { valueId, name, sortKey, isActive, visibilityValue } = event.data;
      return { ...state, values: [...state.values, { id: valueId, name, sortKey, isActive, visibilityValue }] };
    }
    case 'FieldValueUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        values: state.values.map((value) =>
          value.id === event.data.valueId
            ? {
                ...value,
                name: c.name?.to ?? value.name,
                sortKey: c.sortKey?.to ?? value.sortKey,
                isActive: c.isActive?.to ?? value.isActive,
                visibilityValue: c.visibilityValue ? c.visibilityValue.to : value.visibilityValue,
              }
            : value,
        ),
      };
    }
  }
}
