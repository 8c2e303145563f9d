import { type AuthContext, hasPermission, isLoggedIn } from '@tracker/contracts';
import type { FlagTypeAdmin } from '@tracker/flags/domain';

/**
 * Who may administer flag types (docs/flags.md §2.3): Bugzilla's editcomponents, for every
 * product. Per-product administration (group controls with editcomponents, the catalog's
 * `catalog.products.administered`, docs/flags.md §1) is not in the catalog yet, so
 * `productIds` is empty: the domain already decides every per-product rule from it.
 */
export function flagTypeAdminOf(auth: AuthContext): FlagTypeAdmin {
  return { loggedIn: isLoggedIn(auth), global: isLoggedIn(auth) && hasPermission(auth, 'editcomponents'), productIds: [] };
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
