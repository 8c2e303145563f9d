import { z } from 'zod';
import * as param from '../params/param-types';
import type { FlagTargetType } from './flag-type.events';

/**
 * FlagType.get (`GET /rest/flag_type/{product}[/{component}]`, also BMO's `/rest/flag_types/...`)
 * → the types listed for the product, or applying to the component, active or not, by sort
 * key, name and id (docs/flags.md §2.6). `values` are what the caller may set.
 */
export const GET_FLAG_TYPES_SUBJECT = 'flags.types.get';

export const getFlagTypesParams = z.object({
  product: param.string(),
  component: param.optional(param.string()),
});
export type GetFlagTypesParams = z.infer<typeof getFlagTypesParams>;

export interface FlagTypeWire {
  readonly id: number;
  readonly name: string;
  readonly type: FlagTargetType;
  readonly description: string;
  /** `X`, then `?` if requestable and the caller may request, then `+`, `-` if the caller may set */
  readonly values: readonly string[];
  readonly is_active: boolean;
  readonly is_requesteeble: boolean;
  readonly is_multiplicable: boolean;
  /** this product's components named by the inclusions; absent when the type covers the whole product */
  readonly inclusions?: readonly string[];
  /** the same for exclusions; absent when inclusions are listed */
  readonly exclusions?: readonly string[];
}

export interface GetFlagTypesResult {
  readonly bug: readonly FlagTypeWire[];
  readonly attachment: readonly FlagTypeWire[];
}
