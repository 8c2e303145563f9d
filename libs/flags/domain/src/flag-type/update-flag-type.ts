import {
  type DomainError,
  type FlagTypeChanges,
  type FlagTypeClusion,
  type FlagTypeEvent,
  isDomainError,
  type NamedRef,
} from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import { sameClusion } from './clusions';
import { administers, checkFlagTypeRights, flagTypeRights } from './flag-type-admin';
import { checkCcList, checkFlagTypeDescription, checkFlagTypeName, checkGroup, checkSortKey } from './flag-type-fields';
import type { UpdateFlagType } from './flag-type.commands';
import type { ExistingFlagType } from './flag-type.state';

/**
 * One type of FlagType.update (docs/flags.md §2.2): the caller's rights on it (1105), the
 * fields in Bugzilla's set_all order (cc_list, description, grant_group, the booleans, name,
 * request_group, sortkey), then the scope: a per-product administrator's clusions replace
 * only those of their products, the others are kept. Nothing changes: no event. A narrower
 * scope, or the end of specific requests, asks for reconciliation of the flags already set.
 */
export function decideUpdateFlagType(command: UpdateFlagType, state: ExistingFlagType): readonly FlagTypeEvent[] | DomainError {
  const { admin, values } = command;
  const rights = checkFlagTypeRights(admin, 'edit');
  if (rights) return rights;
  const may = flagTypeRights(admin, state);
  if (may === 'none' || (may === 'scope' && Object.values(values).some((value) => value !== undefined)))
    return FlagsErrors.flagTypeNotEditable(state.name);
  const ccList = values.ccList === undefined ? undefined : checkCcList(values.ccList);
  if (isDomainError(ccList)) return ccList;
  const description = values.description === undefined ? undefined : checkFlagTypeDescription(values.description);
  if (isDomainError(description)) return description;
  const grantGroup = values.grantGroup === undefined ? undefined : checkGroup(values.grantGroup, command.groups);
  if (isDomainError(grantGroup)) return grantGroup;
  const name = values.name === undefined ? undefined : checkFlagTypeName(values.name);
  if (isDomainError(name)) return name;
  const requestGroup = values.requestGroup === undefined ? undefined : checkGroup(values.requestGroup, command.groups);
  if (isDomainError(requestGroup)) return requestGroup;
  const sortKey = values.sortKey === undefined ? undefined : checkSortKey(values.sortKey);
  if (isDomainError(sortKey)) return sortKey;
  const keptOf = (current: readonly FlagTypeClusion[]): FlagTypeClusion[] =>
    current.filter((clusion) => !administers(admin, clusion.product?.id ?? null));
  const inclusions = command.inclusions === undefined ? undefined : union(command.inclusions, keptOf(state.inclusions));
  const exclusions = command.exclusions === undefined ? undefined : union(command.exclusions, keptOf(state.exclusions));
  const wanted: FlagTypeChanges = {
    name,
    description,
    sortKey,
    isActive: values.isActive,
    isRequestable: values.isRequestable,
    isRequesteeble: values.isRequesteeble,
    isMultiplicable: values.isMultiplicable,
    ccList,
    grantGroup,
    requestGroup,
    inclusions,
    exclusions,
  };
  const keys = (Object.keys(wanted) as Array<keyof FlagTypeChanges>).filter(
    (key) => wanted[key] !== undefined && !sameValue(key, state[key], wanted[key]),
  );
  if (keys.length === 0) return [];
  const pick = (from: FlagTypeChanges): FlagTypeChanges => Object.fromEntries(keys.map((key) => [key, from[key]]));
  const changes = pick(wanted);
  return [
    { type: 'FlagTypeUpdated', data: { typeId: state.typeId, changes, before: pick(state), needsReconcile: narrows(state, changes) } },
  ];
}

/** Flags already set must follow: an inclusion went, an exclusion came, or requestees are no longer allowed. */
export function narrows(state: ExistingFlagType, changes: FlagTypeChanges): boolean {
  const inclusions = changes.inclusions ?? state.inclusions;
  const lost = state.inclusions.some((clusion) => !inclusions.some((kept) => sameClusion(kept, clusion)));
  const excluded = (changes.exclusions ?? []).some((clusion) => !state.exclusions.some((known) => sameClusion(known, clusion)));
  return lost || excluded || (state.isRequesteeble && changes.isRequesteeble === false);
}

function union(given: readonly FlagTypeClusion[], kept: readonly FlagTypeClusion[]): FlagTypeClusion[] {
  return [...given, ...kept.filter((clusion) => !given.some((known) => sameClusion(known, clusion)))];
}

function sameValue(key: keyof FlagTypeChanges, before: unknown, after: unknown): boolean {
  switch (key) {
    case 'inclusions':
    case 'exclusions': {
      const [a, b] = [before as readonly FlagTypeClusion[], after as readonly FlagTypeClusion[]];
      return a.length === b.length && a.every((clusion) => b.some((other) => sameClusion(clusion, other)));
    }
    case 'grantGroup':
    case 'requestGroup':
      return ((before as NamedRef | null)?.id ?? null) === ((after as NamedRef | null)?.id ?? null);
    case 'ccList':
      return (before as readonly string[]).join(', ') === (after as readonly string[]).join(', ');
    case 'name':
    case 'description':
    case 'sortKey':
    case 'isActive':
    case 'isRequestable':
    case 'isRequesteeble':
    case 'isMultiplicable':
      return before === after;
  }
}
