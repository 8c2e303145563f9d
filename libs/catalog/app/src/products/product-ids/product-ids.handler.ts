import { PRODUCT_IDS_SUBJECT, type ProductIdsParams, type ProductIdsResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import { viewerOf } from '../../read-model/viewer';

/** Product.get_accessible_products / _selectable_ / _enterable_: ids in product name order. */
@MessageHandler(PRODUCT_IDS_SUBJECT)
export class ProductIdsHandler {
  constructor(
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<ProductIdsParams>): Promise<ProductIdsResult> {
    await this.gate.whenInstalled(request.correlationId);
    return { ids: await this.products.ids(request.params.type, viewerOf(request.auth)) };
  }
}
