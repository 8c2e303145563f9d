import type { FlagTypeClusion } from '@tracker/contracts';

/**
 * Where a flag type applies (docs/flags.md §2.4). A clusion matches a product and component
 * when its product is that product or any, and its component that component or any.
 */
export interface Scoped {
  readonly inclusions: readonly FlagTypeClusion[];
  readonly exclusions: readonly FlagTypeClusion[];
}

export function clusionMatches(clusion: FlagTypeClusion, productId: number, componentId: number): boolean {
  return (
    (clusion.product === null || clusion.product.id === productId) && (clusion.component === null || clusion.component.id === componentId)
  );
}

/** The type applies to a bug (or its attachments) in this product and component: included, and not excluded. */
export function appliesTo(type: Scoped, productId: number, componentId: number): boolean {
  return (
    type.inclusions.some((clusion) => clusionMatches(clusion, productId, componentId)) &&
    !type.exclusions.some((clusion) => clusionMatches(clusion, productId, componentId))
  );
}

/**
 * The type is listed for a product read without a component (Bugzilla's FlagType::match on a
 * product): an inclusion for the product or any product that no exclusion cancels, an
 * exclusion cancelling it when it is for any product, for the product as a whole, or for the
 * product and the inclusion's own component.
 */
export function listedForProduct(type: Scoped, productId: number): boolean {
  return type.inclusions.some((inclusion) => {
    if (inclusion.product !== null && inclusion.product.id !== productId) return false;
    return !type.exclusions.some(
      (exclusion) =>
        exclusion.product === null ||
        (exclusion.product.id === productId &&
          (exclusion.component === null || (inclusion.component !== null && exclusion.component.id === inclusion.component.id))),
    );
  });
}
