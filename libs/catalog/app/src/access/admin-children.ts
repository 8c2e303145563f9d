import type { AuthContext } from '@tracker/contracts';
import { CatalogErrors } from '@tracker/catalog/domain';
import type { ProductQueries, ProductRef } from '../read-model/product.queries';
import { productForAdmin } from './admin-product';

export type ChildTable = 'components' | 'versions' | 'milestones';
const KIND: Readonly<Record<ChildTable, string>> = { components: 'component', versions: 'version', milestones: 'milestone' };

export interface ChildTarget {
  readonly product: ProductRef;
  readonly id: number;
}

/**
 * The components (versions, milestones) an update names, by id or as product + name,
 * each in a product the caller may administer; unknown ones are error 51, duplicates
 * count once.
 */
export async function childTargets(
  products: ProductQueries,
  auth: AuthContext,
  table: ChildTable,
  ids: readonly number[],
  names: readonly { readonly product: string; readonly name: string }[],
): Promise<ChildTarget[]> {
  const targets = new Map<number, ChildTarget>();
  for (const id of ids) {
    const owner = await products.ownerOf(table, id);
    if (!owner) throw CatalogErrors.objectIdDoesNotExist(KIND[table], id);
    targets.set(id, { product: await productForAdmin(products, auth, owner.id), id });
  }
  for (const { product: productName, name } of names) {
    const product = await productForAdmin(products, auth, productName);
    const id = await products.childId(table, product.id, name);
    if (id === undefined) throw CatalogErrors.objectDoesNotExist(KIND[table], name.trim(), product.name);
    targets.set(id, { product, id });
  }
  if (targets.size === 0) throw CatalogErrors.paramsRequired(`${KIND[table]}.update`, ['ids', 'names']);
  return [...targets.values()];
}
