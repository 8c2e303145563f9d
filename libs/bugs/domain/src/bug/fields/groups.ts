import type { DomainError, NamedRef } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import type { Actor } from '../../rules/actor';
import type { ProductRules } from '../../rules/bug-rules';
import { groupIsSettable, groupsAvailable, mandatoryGroups } from '../../rules/product-access';

/** A group of the product's controls, by name (case-insensitively, without disclosing others). */
export function productGroup(product: ProductRules, name: string): NamedRef | undefined {
  const wanted = name.trim().toLowerCase();
  return product.groupControls.find((control) => control.group.name.toLowerCase() === wanted)?.group;
}

/**
 * Bugzilla's _check_groups on create: omitted means the product's default groups, `[]`
 * none; each named group must be settable by the actor; mandatory groups are always added.
 */
export function checkCreateGroups(actor: Actor, product: ProductRules, names: readonly string[] | undefined): NamedRef[] | DomainError {
  const chosen = new Map<number, NamedRef>();
  if (names === undefined) {
    for (const entry of groupsAvailable(actor, product)) if (entry.isDefault) chosen.set(entry.group.id, entry.group);
  } else {
    for (const name of names.map((raw) => raw.trim()).filter((raw) => raw !== '')) {
      const group = productGroup(product, name);
      if (!group || !groupIsSettable(actor, product, group.id)) return BugErrors.groupRestrictionNotAllowed(name, product.name, null);
      chosen.set(group.id, group);
    }
  }
  for (const group of mandatoryGroups(actor, product)) chosen.set(group.id, group);
  return [...chosen.values()];
}
