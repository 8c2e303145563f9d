import type { FlagTypeSummary } from '../catalog/products.wire';

/**
 * The `flag_types` of each component in product reads (the contract's embedded shape),
 * asked by the gateway once per response and only when `components.flag_types` is wanted:
 * the types applying to each (product, component), active or not, in sort key, name, id order.
 */
export const EMBEDDED_FLAG_TYPES_SUBJECT = 'flags.types.embedded';

export interface EmbeddedFlagTypesParams {
  readonly targets: ReadonlyArray<{ readonly productId: number; readonly componentId: number }>;
}

export interface ComponentFlagTypes {
  readonly bug: readonly FlagTypeSummary[];
  readonly attachment: readonly FlagTypeSummary[];
}

export interface EmbeddedFlagTypesResult {
  /** by `"<productId>:<componentId>"` */
  readonly byComponent: Readonly<Record<string, ComponentFlagTypes>>;
}

export const componentKey = (productId: number, componentId: number): string => `${productId}:${componentId}`;
