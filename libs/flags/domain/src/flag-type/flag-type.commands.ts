import type { FlagTypeClusion, NamedRef } from '@tracker/contracts';

/**
 * What may be done to a flag type stream. Ids, the caller's administration rights and the
 * facts of other services (the products a clusion names, the groups named) are found by the
 * handler and carried in the command; the decider decides, in Bugzilla's order.
 */
export type FlagTypeCommand = CreateFlagType | UpdateFlagType | MarkFlagTypeReconciled;

/** Who asks: Bugzilla's editcomponents, for every product or per product (docs/flags.md §2.3). */
export interface FlagTypeAdmin {
  readonly loggedIn: boolean;
  readonly global: boolean;
  /** products whose group controls give the caller editcomponents */
  readonly productIds: readonly number[];
}

/** A product a clusion names, as the catalog knows it now; products it does not know are absent. */
export interface ClusionProduct {
  readonly id: number;
  readonly name: string;
  /** the caller may see the product */
  readonly visible: boolean;
  readonly components: readonly NamedRef[];
}

/** The values of a create or an update as the client gave them; undefined = not given. */
export interface FlagTypeValues {
  readonly name?: string;
  readonly description?: string;
  /** product names or `{<product>: [<component>, ...]}` objects, unchecked */
  readonly inclusions?: readonly unknown[];
  readonly exclusions?: readonly unknown[];
  /** a number or its digits, unchecked */
  readonly sortKey?: unknown;
  readonly isActive?: boolean;
  readonly isRequestable?: boolean;
  readonly isRequesteeble?: boolean;
  readonly isMultiplicable?: boolean;
  /** addresses, or strings of addresses separated by commas or spaces */
  readonly ccList?: readonly string[];
  /** group names; '' for none */
  readonly grantGroup?: string;
  readonly requestGroup?: string;
}

export interface CreateFlagType {
  readonly kind: 'CreateFlagType';
  readonly typeId: number;
  readonly admin: FlagTypeAdmin;
  readonly targetType: string | undefined;
  readonly values: FlagTypeValues;
  /** the products the clusions name, found by name (case-insensitively) */
  readonly products: readonly ClusionProduct[];
  /** the groups `grantGroup` and `requestGroup` name, found by name (case-insensitively) */
  readonly groups: readonly NamedRef[];
}

/**
 * One type of an update, after the shared stage (prepareFlagTypeUpdate): the clusions are
 * resolved once for every type; `values` holds the other fields.
 */
export interface UpdateFlagType {
  readonly kind: 'UpdateFlagType';
  readonly typeId: number;
  readonly admin: FlagTypeAdmin;
  readonly values: Omit<FlagTypeValues, 'inclusions' | 'exclusions'>;
  readonly inclusions?: readonly FlagTypeClusion[];
  readonly exclusions?: readonly FlagTypeClusion[];
  readonly groups: readonly NamedRef[];
}

/** Every bug holding flags of the type now reflects its stream up to `upToRevision`. */
export interface MarkFlagTypeReconciled {
  readonly kind: 'MarkFlagTypeReconciled';
  readonly upToRevision: number;
}
