import { z } from 'zod';
import * as param from '../params/param-types';
import type { ProductObject } from './products.wire';

/**
 * Product.get (`GET /rest/product`, `/rest/product/{id_or_name}`): products by ids and/or
 * names (case-insensitive), or all of a type (accessible, the default; selectable;
 * enterable; several types are united). Products the caller may not see and unknown ones
 * are silently left out. A path segment joins `ids` or `names`, and python-bugzilla's
 * `/rest/product/get?names=..` therefore works: `get` is just a name no product has.
 */
export const GET_PRODUCTS_SUBJECT = 'catalog.products.get';

export const PRODUCT_TYPES = ['accessible', 'selectable', 'enterable'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const getProductsParams = z.object({
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
  type: param.optional(param.list(param.string())),
});
export type GetProductsParams = z.infer<typeof getProductsParams>;

export interface GetProductsResult {
  readonly products: readonly ProductObject[];
}

/** GET /rest/product_accessible | _selectable | _enterable: the ids only, by product name. */
export const PRODUCT_IDS_SUBJECT = 'catalog.products.ids';

export interface ProductIdsParams {
  readonly type: ProductType;
}

export interface ProductIdsResult {
  readonly ids: readonly number[];
}
