import { z } from 'zod';
import * as param from '../params/param-types';
import { type ChangedObject, controlValue } from './common';

/**
 * Product.create (`POST /rest/product`, editcomponents) → `{id}`, and Product.update
 * (`PUT /rest/product/{id_or_name}` with `ids` / `names`) → `{products: [{id, changes}]}`.
 * Tracker extensions on update: `classification` (a name) and `group_controls`, a list of
 * `{group, entry, membercontrol, othercontrol, canedit}` (controls NA/Shown/Default/Mandatory);
 * a group whose controls all say nothing loses its entry.
 */
export const CREATE_PRODUCT_SUBJECT = 'catalog.products.create';

export const createProductParams = z.object({
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  version: param.optional(param.string()),
  classification: param.optional(param.string()),
  default_milestone: param.optional(param.string()),
  has_unconfirmed: param.optional(param.bool()),
  is_open: param.optional(param.bool()),
  create_series: param.optional(param.bool()),
});
export type CreateProductParams = z.infer<typeof createProductParams>;

export const UPDATE_PRODUCT_SUBJECT = 'catalog.products.update';

export const groupControlParam = z.object({
  group: param.string(),
  entry: param.optional(param.bool()),
  membercontrol: param.optional(controlValue()),
  othercontrol: param.optional(controlValue()),
  canedit: param.optional(param.bool()),
  /** members administer the product's flag types (Bugzilla's group_control_map.editcomponents) */
  editcomponents: param.optional(param.bool()),
});

export const updateProductParams = z.object({
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  default_milestone: param.optional(param.string()),
  has_unconfirmed: param.optional(param.bool()),
  is_open: param.optional(param.bool()),
  classification: param.optional(param.string()),
  group_controls: param.optional(param.list(groupControlParam)),
});
export type UpdateProductParams = z.infer<typeof updateProductParams>;

export interface UpdateProductsResult {
  readonly products: readonly ChangedObject[];
}
