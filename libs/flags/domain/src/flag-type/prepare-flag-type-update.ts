import { type DomainError, type FlagTypeClusion, isDomainError } from '@tracker/contracts';
import { isDatabaseId } from '../flag-type-limits';
import { FlagsErrors } from '../flags.errors';
import { resolveClusions } from './clusions';
import { checkFlagTypeRights } from './flag-type-admin';
import type { ClusionProduct, FlagTypeAdmin, FlagTypeValues } from './flag-type.commands';

/** What FlagType.update names and sets, before any type is looked at. */
export interface FlagTypeUpdateRequest {
  readonly admin: FlagTypeAdmin;
  /** the path segment: all digits an id, else a name */
  readonly idOrName?: string;
  readonly ids?: readonly number[];
  readonly names?: readonly string[];
  readonly values: FlagTypeValues;
  /** the products the clusions name */
  readonly products: readonly ClusionProduct[];
  /** every flag type there is, for finding ids and names */
  readonly types: ReadonlyArray<{ readonly id: number; readonly name: string }>;
}

export interface PreparedFlagTypeUpdate {
  /** the types to update, in order, each once */
  readonly typeIds: readonly number[];
  readonly inclusions?: readonly FlagTypeClusion[];
  readonly exclusions?: readonly FlagTypeClusion[];
}

/**
 * The stage of FlagType.update shared by every type it names, in Bugzilla's order (docs/flags.md
 * §2.2): login (410) and rights (304); `ids` or `names` (50; the path adds one of them); each
 * id must be a type (51, also for ids no database holds) and each name name at least one
 * (51, regardless of case; every type of that name is updated); then the clusions, resolved
 * once (106, 105, 53). Each type is then decided by the flag-type decider (UpdateFlagType).
 */
export function prepareFlagTypeUpdate(request: FlagTypeUpdateRequest): PreparedFlagTypeUpdate | DomainError {
  const rights = checkFlagTypeRights(request.admin, 'edit');
  if (rights) return rights;
  const pathIsId = request.idOrName !== undefined && /^\d+$/.test(request.idOrName);
  const ids = [...(pathIsId ? [Number(request.idOrName)] : []), ...(request.ids ?? [])];
  const names = [...(request.idOrName !== undefined && !pathIsId ? [request.idOrName] : []), ...(request.names ?? [])];
  if (ids.length === 0 && names.length === 0) return FlagsErrors.paramsRequired('FlagType.update', ['ids', 'names']);
  const typeIds: number[] = [];
  for (const id of ids) {
    if (!isDatabaseId(id) || !request.types.some((type) => type.id === id)) return FlagsErrors.flagTypeIdNotFound(id);
    typeIds.push(id);
  }
  for (const name of names) {
    const named = request.types.filter((type) => type.name.toLowerCase() === name.toLowerCase());
    if (named.length === 0) return FlagsErrors.flagTypeNameNotFound(name);
    typeIds.push(...named.map((type) => type.id));
  }
  const { values, products, admin } = request;
  const inclusions = values.inclusions === undefined ? undefined : resolveClusions('inclusions', values.inclusions, products, admin);
  if (isDomainError(inclusions)) return inclusions;
  const exclusions = values.exclusions === undefined ? undefined : resolveClusions('exclusions', values.exclusions, products, admin);
  if (isDomainError(exclusions)) return exclusions;
  return {
    typeIds: [...new Set(typeIds)],
    ...(inclusions === undefined ? {} : { inclusions }),
    ...(exclusions === undefined ? {} : { exclusions }),
  };
}
