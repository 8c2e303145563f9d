import type { FieldTypeCode, CatalogRef } from '@tracker/contracts';

/** A field that controls another field's visibility or values, as the handler found it. */
export interface ControllerField {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly type: number;
}

export interface RequestedVisibility {
  readonly field: ControllerField | null;
  /** the controller's values, already found by name (an unknown name is refused before, as 51) */
  readonly values: readonly CatalogRef[];
}

/** The definition of a standard field or a default value, written by the installer only. */
export interface InstallField {
  readonly kind: 'InstallField';
  readonly fieldId: number;
  readonly name: string;
  readonly displayName: string;
  readonly type: FieldTypeCode;
  readonly isMandatory: boolean;
  readonly sortKey: number;
  readonly values: readonly { readonly id: number; readonly name: string; readonly sortKey: number }[];
}

export interface CreateCustomField {
  readonly kind: 'CreateCustomField';
  readonly fieldId: number;
  /** the id of the `---` value a single-select field starts with */
  readonly emptyValueId: number;
  readonly name: string | undefined;
  readonly displayName: string | undefined;
  readonly type: number;
  readonly isMandatory: boolean;
  readonly isOnBugEntry: boolean;
  readonly sortKey: number;
  readonly longDescription: string | undefined;
  readonly visibility: RequestedVisibility;
  readonly valueField: ControllerField | null;
  /** the existing field with the same (normalised) name, if any */
  readonly nameInUse: { readonly name: string; readonly displayName: string } | null;
}

export interface UpdateCustomField {
  readonly kind: 'UpdateCustomField';
  readonly displayName?: string;
  readonly isMandatory?: boolean;
  readonly isOnBugEntry?: boolean;
  readonly sortKey?: number;
  readonly isObsolete?: boolean;
  readonly longDescription?: string;
  readonly visibility?: RequestedVisibility;
  readonly valueField?: ControllerField | null;
}

export interface AddFieldValue {
  readonly kind: 'AddFieldValue';
  readonly valueId: number;
  readonly name: string | undefined;
  readonly sortKey: number;
  readonly isActive: boolean;
  readonly visibilityValue: CatalogRef | null;
}

export interface UpdateFieldValue {
  readonly kind: 'UpdateFieldValue';
  readonly valueId: number;
  readonly name?: string;
  readonly sortKey?: number;
  readonly isActive?: boolean;
  readonly visibilityValue?: CatalogRef | null;
  /** the installation's default for this field (defaultpriority etc.), if it has one */
  readonly defaultValue: string | null;
}

export type FieldCommand = InstallField | CreateCustomField | UpdateCustomField | AddFieldValue | UpdateFieldValue;
