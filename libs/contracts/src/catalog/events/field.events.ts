import type { DomainEvent } from '../../events/event-envelope';
import { streamType } from '../../events/stream-type';
import type { CatalogChange, CatalogRef } from './change';
import type { FieldTypeCode } from './field-type';

/**
 * Events of a bug field definition (`field-<id>`): the standard fields installed with
 * Tracker and the custom ones (`cf_*`), with the legal values of the select fields whose
 * values are plain values (priority, severity, platform, OS, resolution, custom selects).
 * Values of product, component, version, milestone, classification, status and keywords
 * live in their own streams.
 */
export const FIELD_STREAM_PREFIX = 'field-';
export const fieldStream = (id: number): string => `${FIELD_STREAM_PREFIX}${id}`;

export interface FieldVisibility {
  /** the select field whose value shows this field; null: always shown */
  readonly field: CatalogRef | null;
  readonly values: readonly CatalogRef[];
}

export type FieldCreated = DomainEvent<
  'FieldCreated',
  {
    readonly fieldId: number;
    readonly name: string;
    readonly displayName: string;
    readonly type: FieldTypeCode;
    readonly isCustom: boolean;
    readonly isMandatory: boolean;
    readonly isOnBugEntry: boolean;
    readonly sortKey: number;
    readonly longDescription: string;
    readonly visibility: FieldVisibility;
    /** the select field whose value decides which of this field's values are shown */
    readonly valueField: CatalogRef | null;
  }
>;

export interface FieldChanges {
  readonly displayName?: CatalogChange<string>;
  readonly isMandatory?: CatalogChange<boolean>;
  readonly isOnBugEntry?: CatalogChange<boolean>;
  readonly sortKey?: CatalogChange<number>;
  readonly isObsolete?: CatalogChange<boolean>;
  readonly longDescription?: CatalogChange<string>;
  readonly visibility?: CatalogChange<FieldVisibility>;
  readonly valueField?: CatalogChange<CatalogRef | null>;
}

export type FieldUpdated = DomainEvent<'FieldUpdated', { readonly fieldId: number; readonly name: string; readonly changes: FieldChanges }>;

export type FieldValueAdded = DomainEvent<
  'FieldValueAdded',
  {
    readonly fieldId: number;
    readonly fieldName: string;
    readonly valueId: number;
    readonly name: string;
    readonly sortKey: number;
    readonly isActive: boolean;
    /** the value of the field's value_field that shows this value; null: always shown */
    readonly visibilityValue: CatalogRef | null;
  }
>;

export interface FieldValueChanges {
  readonly name?: CatalogChange<string>;
  readonly sortKey?: CatalogChange<number>;
  readonly isActive?: CatalogChange<boolean>;
  readonly visibilityValue?: CatalogChange<CatalogRef | null>;
}

/** `name` is the value's name after the change; bugs rename stored values from `changes.name`. */
export type FieldValueUpdated = DomainEvent<
  'FieldValueUpdated',
  {
    readonly fieldId: number;
    readonly fieldName: string;
    readonly valueId: number;
    readonly name: string;
    readonly changes: FieldValueChanges;
  }
>;

export type FieldEvent = FieldCreated | FieldUpdated | FieldValueAdded | FieldValueUpdated;

export const fieldStreamType = streamType<FieldEvent>(FIELD_STREAM_PREFIX, {
  FieldCreated: [],
  FieldUpdated: [],
  FieldValueAdded: [],
  FieldValueUpdated: [],
});
