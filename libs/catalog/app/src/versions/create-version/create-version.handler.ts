import { Injectable } from '@nestjs/common';
import { type CreateVersionParams, type CreatedObject, type ServiceRequest, productStream } from '@tracker/contracts';
import { productDecider } from '@tracker/catalog/domain';
import { productForAdmin } from '../../access/admin-product';
import { requireGroup } from '../../access/require-group';
import { CatalogCommands } from '../../commands/catalog-commands';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';

/** Tracker extension `POST /rest/version` (editcomponents): a new version of a product. */
@Injectable()
export class CreateVersionHandler {
  constructor(
    private readonly commands: CatalogCommands,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateVersionParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'versions');
    await this.gate.whenInstalled(request.correlationId);
    const product = await productForAdmin(this.products, request.auth, request.params.product);
    const versionId = await this.commands.nextId('version_ids');
    await this.commands.run(
      productDecider,
      productStream(product.id),
      { kind: 'CreateVersion', versionId, name: request.params.name, isActive: request.params.is_active ?? true },
      this.commands.context(request),
    );
    return { id: versionId };
  }
}
