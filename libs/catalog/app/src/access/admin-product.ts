import type { AuthContext } from '@tracker/contracts';
import { CatalogErrors } from '@tracker/catalog/domain';
import type { ProductQueries, ProductRef } from '../read-model/product.queries';
import { viewerOf } from '../read-model/viewer';

/**
 * Bugzilla's Product->check for administration calls: a name (any case) or an id that
 * must exist and be accessible to the caller, else 106 ("Either the product 'X' does not
 * exist or you don't have access to it."); nothing given is 50.
 */
export async function productForAdmin(
  products: ProductQueries,
  auth: AuthContext,
  product: string | number | undefined,
): Promise<ProductRef> {
  if (product === undefined || (typeof product === 'string' && product.trim() === '')) throw CatalogErrors.objectNotSpecified('product');
  const rows = await products.find(
    { ids: typeof product === 'number' ? [product] : null, names: typeof product === 'string' ? [product] : null, visible: 'accessible' },
    viewerOf(auth),
    { components: false, versions: false, milestones: false, groupControls: false },
  );
  const found = rows[0];
  if (!found) throw CatalogErrors.productAccessDenied(typeof product === 'string' ? product.trim() : product);
  return { id: found.id, name: found.name };
}
