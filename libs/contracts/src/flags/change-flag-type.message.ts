import { z } from 'zod';
import * as param from '../params/param-types';
import type { WireChanges } from '../catalog/common';

/**
 * FlagType.create (`POST /rest/flag_type`) → 201 `{id}`, and FlagType.update
 * (`PUT /rest/flag_type/{id_or_name}` with `ids` / `names`) → `{flagtypes: [{id, name,
 * changes}]}`. Only the shape is checked here (52, 53 as for every call); which values are
 * missing, too long or unknown is decided in Bugzilla's order by the flag-type decider
 * (docs/flags.md §2), so `sortkey` and the clusion items are taken as they come.
 */
export const CREATE_FLAG_TYPE_SUBJECT = 'flags.types.create';
export const UPDATE_FLAG_TYPE_SUBJECT = 'flags.types.update';

const flagTypeValues = {
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  /** product names, or `{<product>: [<component>, ...]}` objects; anything else is refused (53) in order */
  inclusions: param.optional(param.list(z.unknown())),
  exclusions: param.optional(param.list(z.unknown())),
  /** an integer or its digits; anything else is 1104, in order */
  sortkey: param.optional(z.unknown()),
  is_active: param.optional(param.bool()),
  is_requestable: param.optional(param.bool()),
  is_multiplicable: param.optional(param.bool()),
  is_specifically_requestable: param.optional(param.bool()),
  /** the read name of is_specifically_requestable, accepted on input too (the first wins) */
  is_requesteeble: param.optional(param.bool()),
  /** addresses as an array, or one string of addresses separated by commas or spaces */
  cc_list: param.optional(param.list(param.string())),
  grant_group: param.optional(param.string()),
  request_group: param.optional(param.string()),
};

export const createFlagTypeParams = z.object({
  ...flagTypeValues,
  target_type: param.optional(param.string()),
});
export type CreateFlagTypeParams = z.infer<typeof createFlagTypeParams>;

export interface CreateFlagTypeResult {
  readonly id: number;
}

export const updateFlagTypeParams = z.object({
  /** the path segment: all digits an id, else a name */
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
  ...flagTypeValues,
});
export type UpdateFlagTypeParams = z.infer<typeof updateFlagTypeParams>;

export interface UpdatedFlagType {
  readonly id: number;
  readonly name: string;
  /** only real changes; booleans "1"/"0", group ids as strings ('' for none), clusions as set differences */
  readonly changes: WireChanges;
}

export interface UpdateFlagTypesResult {
  readonly flagtypes: readonly UpdatedFlagType[];
}
