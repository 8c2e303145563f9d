import {
  ADMINISTERED_PRODUCTS_SUBJECT,
  type AdministeredProductsParams,
  type AdministeredProductsResult,
  hasPermission,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';

/**
 * `catalog.products.administered` (docs/flags.md §1): every product for global
 * editcomponents, else those whose group controls give one of the caller's groups
 * editcomponents. Logged out: none.
 */
@MessageHandler(ADMINISTERED_PRODUCTS_SUBJECT)
export class AdministeredProductsHandler {
  constructor(
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<AdministeredProductsParams>): Promise<AdministeredProductsResult> {
    await this.gate.whenInstalled(request.correlationId);
    const { auth } = request;
    if (!isLoggedIn(auth)) return { all: false, productIds: [] };
    if (hasPermission(auth, 'editcomponents')) return { all: true, productIds: [] };
    return { all: false, productIds: await this.products.administeredBy(auth.groupIds) };
  }
}
