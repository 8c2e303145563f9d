import { z } from 'zod';
import * as param from '../params/param-types';
import type { ChangedObject } from './common';
import type { FieldObject } from './fields.wire';

/**
 * Bug.fields (`GET /rest/field/bug`, `/rest/field/bug/{id_or_name}`, `ids`, `names`):
 * `{fields: [field]}`; a numeric path element is an id, anything else a name (any case);
 * an unknown one is error 51. Without ids or names, every field that is not obsolete.
 * Bug.legal_values (`GET /rest/field/bug/{field}/values`, `.../{field}/{product_id}/values`):
 * `{values: [names of active values]}`.
 */
export const GET_FIELDS_SUBJECT = 'catalog.fields.get';
export const LEGAL_VALUES_SUBJECT = 'catalog.fields.legal-values';

export const getFieldsParams = z.object({
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
});
export type GetFieldsParams = z.infer<typeof getFieldsParams>;

export interface GetFieldsResult {
  readonly fields: readonly FieldObject[];
}

export const legalValuesParams = z.object({
  field: param.string(),
  product_id: param.optional(param.int()),
});
export type LegalValuesParams = z.infer<typeof legalValuesParams>;

export interface LegalValuesResult {
  readonly values: readonly string[];
}

/**
 * Tracker extensions (admin): custom fields. `POST /rest/field/bug {name, display_name,
 * type, is_mandatory, is_on_bug_entry, sort_key, long_desc, visibility_field,
 * visibility_values, value_field}` → `{id}` (the name gets `cf_` in front when missing);
 * `PUT /rest/field/bug/{id_or_name}` with the same minus name and type, plus
 * `is_obsolete` → `{fields: [{id, changes}]}`. Only custom fields change.
 */
export const CREATE_FIELD_SUBJECT = 'catalog.fields.create';
export const UPDATE_FIELD_SUBJECT = 'catalog.fields.update';

const fieldSettings = {
  display_name: param.optional(param.string()),
  is_mandatory: param.optional(param.bool()),
  is_on_bug_entry: param.optional(param.bool()),
  sort_key: param.optional(param.int()),
  long_desc: param.optional(param.string()),
  /** a field name; empty clears it */
  visibility_field: param.optional(param.string()),
  visibility_values: param.optional(param.list(param.string())),
  value_field: param.optional(param.string()),
};

export const createFieldParams = z.object({ name: param.optional(param.string()), type: param.optional(param.int()), ...fieldSettings });
export type CreateFieldParams = z.infer<typeof createFieldParams>;

export const updateFieldParams = z.object({ id_or_name: param.string(), is_obsolete: param.optional(param.bool()), ...fieldSettings });
export type UpdateFieldParams = z.infer<typeof updateFieldParams>;

export interface UpdateFieldsResult {
  readonly fields: readonly ChangedObject[];
}

/**
 * Tracker extensions (admin): legal values of select fields, bug statuses included.
 * `POST /rest/field/bug/{field}/values {name, sort_key, is_active, visibility_value,
 * is_open}` → `{id}` (is_open for bug_status only, default true);
 * `PUT /rest/field/bug/{field}/values/{value} {name, sort_key, is_active, visibility_value}`
 * → `{values: [{id, changes}]}`.
 */
export const CREATE_FIELD_VALUE_SUBJECT = 'catalog.fields.values.create';
export const UPDATE_FIELD_VALUE_SUBJECT = 'catalog.fields.values.update';

export const createFieldValueParams = z.object({
  field: param.string(),
  name: param.optional(param.string()),
  sort_key: param.optional(param.int()),
  is_active: param.optional(param.bool()),
  is_open: param.optional(param.bool()),
  visibility_value: param.optional(param.string()),
});
export type CreateFieldValueParams = z.infer<typeof createFieldValueParams>;

export const updateFieldValueParams = z.object({
  field: param.string(),
  value: param.string(),
  name: param.optional(param.string()),
  sort_key: param.optional(param.int()),
  is_active: param.optional(param.bool()),
  visibility_value: param.optional(param.string()),
});
export type UpdateFieldValueParams = z.infer<typeof updateFieldValueParams>;

export interface UpdateFieldValuesResult {
  readonly values: readonly ChangedObject[];
}
