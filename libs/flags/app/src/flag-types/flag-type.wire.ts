import type { FlagTypeClusion, FlagTypeSummary, FlagTypeWire, NamedRef } from '@tracker/contracts';
import { settableValues } from '@tracker/flags/domain';
import type { FlagTypeRecord } from '../read-model/flag-type.queries';

/**
 * A type in FlagType.get (docs/flags.md §2.6). `inclusions` / `exclusions` name this
 * product's components the type's clusions name, in component id order; each list is left
 * out when one of its clusions covers the whole product (or any product) or names no
 * component, and `exclusions` when `inclusions` is shown.
 */
export function flagTypeWire(
  type: FlagTypeRecord,
  productId: number,
  components: readonly NamedRef[],
  callerGroupIds: readonly number[],
): FlagTypeWire {
  const inclusions = componentNames(type.inclusions, productId, components);
  const exclusions = inclusions ? undefined : componentNames(type.exclusions, productId, components);
  return {
    id: type.id,
    name: type.name,
    type: type.targetType,
    description: type.description,
    values: settableValues(type, callerGroupIds),
    is_active: type.isActive,
    is_requesteeble: type.isRequesteeble,
    is_multiplicable: type.isMultiplicable,
    ...(inclusions ? { inclusions } : {}),
    ...(exclusions ? { exclusions } : {}),
  };
}

/** A type in a component's `flag_types` of product reads (the contract's embedded shape, docs/flags.md §2.7). */
export function flagTypeSummary(type: FlagTypeRecord): FlagTypeSummary {
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    cc_list: type.ccList,
    sort_key: type.sortKey,
    is_active: type.isActive,
    is_requestable: type.isRequestable,
    is_requesteeble: type.isRequesteeble,
    is_multiplicable: type.isMultiplicable,
    grant_group: type.grantGroup?.id ?? null,
    request_group: type.requestGroup?.id ?? null,
  };
}

function componentNames(clusions: readonly FlagTypeClusion[], productId: number, components: readonly NamedRef[]): string[] | undefined {
  const ofProduct = clusions.filter((clusion) => clusion.product === null || clusion.product.id === productId);
  if (ofProduct.length === 0 || ofProduct.some((clusion) => clusion.component === null)) return undefined;
  const ids = new Set(ofProduct.map((clusion) => clusion.component?.id));
  const names = [...components].sort((a, b) => a.id - b.id).filter((component) => ids.has(component.id));
  return names.length === 0 ? undefined : names.map((component) => component.name);
}
