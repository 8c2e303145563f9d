import { PRODUCT_TYPES, type ProductType } from '@tracker/contracts';
import { CatalogErrors } from '@tracker/catalog/domain';
import type { ProductFilter } from '../read-model/product.queries';

/**
 * Product.get's `type`: one or several of accessible, selectable, enterable (duplicates
 * ignored, united); accessible when none is given; anything else is Bugzilla's
 * get_products_invalid_type.
 */
export function visibilityOf(types: readonly string[] | undefined): ProductFilter['visible'] {
  const wanted = new Set<ProductType>();
  for (const type of types ?? []) {
    const known = PRODUCT_TYPES.find((t) => t === type);
    if (!known) throw CatalogErrors.invalidProductType(type);
    wanted.add(known);
  }
  if (wanted.size === 0 || wanted.has('accessible') || wanted.size > 1) return 'accessible';
  return wanted.has('selectable') ? 'selectable' : 'enterable';
}
