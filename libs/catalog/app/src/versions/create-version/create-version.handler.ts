import {
  CREATE_VERSION_SUBJECT,
  type CreatedObject,
  type CreateVersionParams,
  productStream,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences } from '@tracker/platform/read-model';
import { productForAdmin } from '../../access/admin-product';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import type { CatalogSequence } from '../../catalog.sequences';

/** Tracker extension `POST /rest/version` (editcomponents): a new version of a product. */
@MessageHandler(CREATE_VERSION_SUBJECT)
export class CreateVersionHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateVersionParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'versions');
    await this.gate.whenInstalled(request.correlationId);
    const product = await productForAdmin(this.products, request.auth, request.params.product);
    const versionId = await this.ids.next('version_ids');
    await this.commands.run(
      productDecider,
      productStream(product.id),
      { kind: 'CreateVersion', versionId, name: request.params.name, isActive: request.params.is_active ?? true },
      this.commands.context(request),
    );
    return { id: versionId };
  }
}
