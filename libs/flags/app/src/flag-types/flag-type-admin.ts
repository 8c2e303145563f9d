import { isLoggedIn, type ServiceRequest } from '@tracker/contracts';
import type { FlagTypeAdmin } from '@tracker/flags/domain';
import type { CatalogClient } from '../collaborators/catalog.client';

/**
 * Who may administer flag types (docs/flags.md §2.3): global editcomponents, or the
 * products whose group controls give one of the caller's groups editcomponents, as the
 * catalog answers (`catalog.products.administered`). Logged out: nothing to ask.
 */
export async function flagTypeAdminOf(request: ServiceRequest, catalog: CatalogClient): Promise<FlagTypeAdmin> {
  if (!isLoggedIn(request.auth)) return { loggedIn: false, global: false, productIds: [] };
  const administered = await catalog.administered(request);
  return { loggedIn: true, global: administered.all, productIds: administered.productIds };
}

/** The product names inclusions and exclusions items name: names, or the keys of `{<product>: [...]}` objects. */
export function clusionProductNames(...lists: ReadonlyArray<readonly unknown[] | undefined>): string[] {
  const names = new Set<string>();
  for (const item of lists.flatMap((list) => list ?? [])) {
    if (typeof item === 'string' || typeof item === 'number') names.add(String(item).trim());
    else if (item !== null && typeof item === 'object' && !Array.isArray(item)) for (const key of Object.keys(item)) names.add(key.trim());
  }
  return [...names].filter((name) => name !== '');
}

/** The group names a create or update gives, for one lookup. */
export function groupNamesOf(values: { readonly grantGroup?: string; readonly requestGroup?: string }): string[] {
  return [values.grantGroup, values.requestGroup].filter((name): name is string => name !== undefined && name.trim() !== '');
}
