import { type DomainError, type FlagTypeClusion, isDomainError } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import { administers } from './flag-type-admin';
import type { ClusionProduct, FlagTypeAdmin } from './flag-type.commands';

/** Every product, every component: a type created without inclusions applies everywhere. */
export const EVERYWHERE: readonly FlagTypeClusion[] = [{ product: null, component: null }];

/**
 * Bugzilla's _process_lists: `inclusions` / `exclusions` items in order, each a product name
 * (the whole product) or an object `{<product>: [<component>, ...]}`. A product must exist,
 * be visible and administered by the caller (else 106); a component must be the product's
 * (else 105, where Bugzilla says 51); an item of another shape is 53. Names match regardless
 * of case; a clusion named twice counts once.
 */
export function resolveClusions(
  param: 'inclusions' | 'exclusions',
  items: readonly unknown[],
  products: readonly ClusionProduct[],
  admin: FlagTypeAdmin,
): FlagTypeClusion[] | DomainError {
  const clusions: FlagTypeClusion[] = [];
  const add = (clusion: FlagTypeClusion): void => {
    if (!clusions.some((known) => sameClusion(known, clusion))) clusions.push(clusion);
  };
  for (const item of items) {
    if (typeof item === 'string' || typeof item === 'number') {
      const product = findProduct(String(item), products, admin);
      if (isDomainError(product)) return product;
      add({ product: { id: product.id, name: product.name }, component: null });
    } else if (isPlainObject(item)) {
      for (const [productName, componentNames] of Object.entries(item)) {
        const product = findProduct(productName, products, admin);
        if (isDomainError(product)) return product;
        const names = componentList(componentNames);
        if (names === null) return FlagsErrors.invalidParam(param, componentNames);
        for (const name of names) {
          const component = product.components.find((candidate) => sameName(candidate.name, name));
          if (!component) return FlagsErrors.componentNotFound(name, product.name);
          add({ product: { id: product.id, name: product.name }, component });
        }
      }
    } else {
      return FlagsErrors.invalidParam(param, item);
    }
  }
  return clusions;
}

export function sameClusion(a: FlagTypeClusion, b: FlagTypeClusion): boolean {
  return (a.product?.id ?? null) === (b.product?.id ?? null) && (a.component?.id ?? null) === (b.component?.id ?? null);
}

function findProduct(name: string, products: readonly ClusionProduct[], admin: FlagTypeAdmin): ClusionProduct | DomainError {
  const product = products.find((candidate) => sameName(candidate.name, name));
  if (!product || !product.visible || !administers(admin, product.id)) return FlagsErrors.productAccessDenied(name);
  return product;
}

/** A component list: an array of names, or one name. */
function componentList(value: unknown): string[] | null {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.every((name) => typeof name === 'string' || typeof name === 'number') ? list.map(String) : null;
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
