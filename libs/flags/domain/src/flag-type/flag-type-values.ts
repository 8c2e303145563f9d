import type { CreateFlagTypeParams, UpdateFlagTypeParams } from '@tracker/contracts';
import type { FlagTypeValues } from './flag-type.commands';

/**
 * The values of a create or update call in the decider's terms. `is_specifically_requestable`
 * and its read name `is_requesteeble` are one setting: the first wins when both are given.
 */
export function flagTypeValuesOf(params: CreateFlagTypeParams | UpdateFlagTypeParams): FlagTypeValues {
  const given = <T>(key: keyof FlagTypeValues, value: T | undefined): Partial<FlagTypeValues> =>
    value === undefined ? {} : { [key]: value };
  return {
    ...given('name', params.name),
    ...given('description', params.description),
    ...given('inclusions', params.inclusions),
    ...given('exclusions', params.exclusions),
    ...given('sortKey', params.sortkey),
    ...given('isActive', params.is_active),
    ...given('isRequestable', params.is_requestable),
    ...given('isRequesteeble', params.is_specifically_requestable ?? params.is_requesteeble),
    ...given('isMultiplicable', params.is_multiplicable),
    ...given('ccList', params.cc_list),
    ...given('grantGroup', params.grant_group),
    ...given('requestGroup', params.request_group),
  };
}
