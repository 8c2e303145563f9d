import { z } from 'zod';
import * as param from '../params/param-types';
import type { ChangedObject } from './common';

/**
 * Classification.get (`GET /rest/classification/{id_or_name}`; needs `useclassification`
 * or editclassifications, else 900): `{classifications: [{id, name, description, sort_key,
 * products: [{id, name, description}]}]}`, products limited to those the caller may see.
 * Tracker extensions (editclassifications): `POST /rest/classification {name, description,
 * sort_key}` → `{id}`; `PUT /rest/classification/{id_or_name}` → `{classifications: [{id, changes}]}`.
 */
export const GET_CLASSIFICATIONS_SUBJECT = 'catalog.classifications.get';
export const CREATE_CLASSIFICATION_SUBJECT = 'catalog.classifications.create';
export const UPDATE_CLASSIFICATION_SUBJECT = 'catalog.classifications.update';

export const getClassificationsParams = z.object({
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
});
export type GetClassificationsParams = z.infer<typeof getClassificationsParams>;

export interface ClassificationObject {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly sort_key: number;
  readonly products: readonly { readonly id: number; readonly name: string; readonly description: string }[];
}

export interface GetClassificationsResult {
  readonly classifications: readonly ClassificationObject[];
}

export const createClassificationParams = z.object({
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  sort_key: param.optional(param.int()),
});
export type CreateClassificationParams = z.infer<typeof createClassificationParams>;

export const updateClassificationParams = createClassificationParams.extend({ id_or_name: param.string() });
export type UpdateClassificationParams = z.infer<typeof updateClassificationParams>;

export interface UpdateClassificationsResult {
  readonly classifications: readonly ChangedObject[];
}
