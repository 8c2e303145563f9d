import { BugErrors } from '../../bugs.errors';
import type { Actor } from '../../rules/actor';
import { type BugRules, type ComponentRule, findValue, type ProductRules, productRules, type ValueRule } from '../../rules/bug-rules';
import { canEnterProduct } from '../../rules/product-access';
import { refuse } from '../refusal';

/** Bugzilla's can_enter_product(THROW_ERROR), in its order of reasons. */
export function requireEnterableProduct(actor: Actor, rules: BugRules, name: string | undefined): ProductRules {
  const wanted = (name ?? '').trim();
  const product = productRules(rules, wanted);
  if (!product || !canEnterProduct(actor, product)) return refuse(BugErrors.entryAccessDenied(wanted));
  if (!product.isActive) return refuse(BugErrors.productDisabled(product.name));
  if (!product.components.some((component) => component.isActive)) return refuse(BugErrors.missingComponent(product.name));
  if (!product.versions.some((version) => version.isActive)) return refuse(BugErrors.missingVersion(product.name));
  return product;
}

/** A component of the product; an inactive one only if the bug already has it. */
export function requireComponent(product: ProductRules, name: string | undefined, current: string | null): ComponentRule {
  const wanted = (name ?? '').trim();
  if (wanted === '') return refuse(BugErrors.requireComponent());
  const component = findValue(product.components, wanted) ?? refuse(BugErrors.objectDoesNotExist('component', wanted, product.name));
  if (component.name !== current && !component.isActive) refuse(BugErrors.valueInactive('component', wanted));
  return component;
}

function requireProductValue(
  kind: string,
  product: ProductRules,
  values: readonly ValueRule[],
  name: string,
  current: string | null,
): string {
  const wanted = name.trim();
  if (wanted === '') return refuse(BugErrors.objectNotSpecified(kind));
  const value = findValue(values, wanted) ?? refuse(BugErrors.objectDoesNotExist(kind, wanted, product.name));
  if (value.name !== current && !value.isActive) refuse(BugErrors.valueInactive(kind, wanted));
  return value.name;
}

export function requireVersion(product: ProductRules, name: string | undefined, current: string | null): string {
  return requireProductValue('version', product, product.versions, name ?? '', current);
}

/** A missing milestone is the product's default; inactive ones are refused only on a change. */
export function requireMilestone(product: ProductRules, name: string | undefined, current: string | null): string {
  return requireProductValue(
    'milestone',
    product,
    product.milestones,
    name ?? product.defaultMilestone,
    current ?? name ?? product.defaultMilestone,
  );
}
