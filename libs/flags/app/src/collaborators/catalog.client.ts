import { Inject, Injectable } from '@nestjs/common';
import {
  ADMINISTERED_PRODUCTS_SUBJECT,
  type AdministeredProductsParams,
  type AdministeredProductsResult,
  type BugRulesResult,
  type ProductRules,
  RESOLVE_BUG_RULES_SUBJECT,
  type ResolveBugRulesParams,
  type ServiceRequest,
} from '@tracker/contracts';
import type { ClusionProduct } from '@tracker/flags/domain';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

type Caller = Pick<ServiceRequest, 'auth' | 'correlationId'>;

/**
 * Products and components belong to the catalog: the flags service asks at the moment of
 * the request (the products a clusion or a read names) and keeps only their ids.
 */
@Injectable()
export class CatalogClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** The products of these names (any case) and/or ids that exist, with their components and the caller's access. */
  async products(caller: Caller, query: ResolveBugRulesParams): Promise<readonly ProductRules[]> {
    if ((query.products?.length ?? 0) === 0 && (query.productIds?.length ?? 0) === 0) return [];
    const result = await this.bus.request<BugRulesResult, ResolveBugRulesParams>(RESOLVE_BUG_RULES_SUBJECT, { ...caller, params: query });
    return result.products;
  }

  /** The products the caller administers (global or per-product editcomponents, docs/flags.md §1). */
  administered(caller: Caller): Promise<AdministeredProductsResult> {
    return this.bus.request<AdministeredProductsResult, AdministeredProductsParams>(ADMINISTERED_PRODUCTS_SUBJECT, {
      ...caller,
      params: {},
    });
  }

  /** The products the clusions of a create or update name, as the flag-type decider takes them. */
  async clusionProducts(caller: Caller, names: readonly string[]): Promise<ClusionProduct[]> {
    const products = await this.products(caller, { products: [...new Set(names)] });
    return products.map((product) => ({
      id: product.id,
      name: product.name,
      visible: product.access.canSee,
      components: product.components.map((component) => ({ id: component.id, name: component.name })),
    }));
  }
}
