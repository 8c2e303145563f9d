import type { DomainError, FlagTypeClusion } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import type { FlagTypeAdmin } from './flag-type.commands';

/** Logged in (410) and administering at least one product (304): Bugzilla's check before anything else. */
export function checkFlagTypeRights(admin: FlagTypeAdmin, action: 'add' | 'edit'): DomainError | undefined {
  if (!admin.loggedIn) return FlagsErrors.loginRequired();
  if (!admin.global && admin.productIds.length === 0) return FlagsErrors.noFlagTypeRights(action);
  return undefined;
}

export function administers(admin: FlagTypeAdmin, productId: number | null): boolean {
  return admin.global || (productId !== null && admin.productIds.includes(productId));
}

/**
 * What the caller may change on one type (Bugzilla's check_can_admin_flagtype): `full`
 * every field; `scope` only inclusions and exclusions of their products; `none` nothing
 * (1105). A per-product administrator may touch a type that applies to one of their
 * products (included for any product, for that product, or for one of its components not
 * excluded, and the product not excluded as a whole) and edit its fields only when every
 * product it includes is theirs ("any product" is nobody's but a global administrator's).
 */
export function flagTypeRights(
  admin: FlagTypeAdmin,
  type: { readonly inclusions: readonly FlagTypeClusion[]; readonly exclusions: readonly FlagTypeClusion[] },
): 'full' | 'scope' | 'none' {
  if (admin.global) return 'full';
  const productOf = (clusion: FlagTypeClusion): number | null => clusion.product?.id ?? null;
  const has = (list: readonly FlagTypeClusion[], productId: number | null, componentId: number | null): boolean =>
    list.some((clusion) => productOf(clusion) === productId && (clusion.component?.id ?? null) === componentId);
  const excludedEverywhere = has(type.exclusions, null, null);
  const reaches = (productId: number): boolean =>
    !has(type.exclusions, productId, null) &&
    (has(type.inclusions, null, null) ||
      has(type.inclusions, productId, null) ||
      type.inclusions.some(
        (clusion) =>
          productOf(clusion) === productId && clusion.component !== null && !has(type.exclusions, productId, clusion.component.id),
      ));
  if (excludedEverywhere || !admin.productIds.some(reaches)) return 'none';
  return type.inclusions.every((clusion) => administers(admin, productOf(clusion))) ? 'full' : 'scope';
}
