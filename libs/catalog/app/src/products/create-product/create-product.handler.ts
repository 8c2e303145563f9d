import { Inject } from '@nestjs/common';
import {
  type CatalogRef,
  CREATE_PRODUCT_SUBJECT,
  type CreatedObject,
  type CreateProductParams,
  productStream,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, DEFAULT_CLASSIFICATION, productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { CATALOG_OPTIONS, type CatalogOptions } from '../../catalog.options';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import { ProductQueries } from '../../read-model/product.queries';
import type { CatalogSequence, CatalogLock } from '../../catalog.sequences';

/**
 * Product.create (editcomponents): a product with its first version and default
 * milestone. Product names are unique across streams, so the check and the append run
 * under the product-name lock shared by every replica.
 */
@MessageHandler(CREATE_PRODUCT_SUBJECT)
export class CreateProductHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly products: ProductQueries,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  async handle(request: ServiceRequest<CreateProductParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editcomponents', 'add', 'products');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const classification = await this.classification(p.classification);
    const [productId, versionId, milestoneId] = await this.ids.nextOfEach('product_ids', 'version_ids', 'milestone_ids');
    const name = (p.name ?? '').trim();
    await this.locks.withLock('product-name', [name.toLowerCase()], async () =>
      this.commands.run(
        productDecider,
        productStream(productId),
        {
          kind: 'CreateProduct',
          productId,
          versionId,
          milestoneId,
          name: p.name,
          description: p.description,
          version: p.version,
          defaultMilestone: p.default_milestone,
          classification,
          isActive: p.is_open ?? true,
          allowsUnconfirmed: p.has_unconfirmed ?? true,
          nameInUse: name === '' ? null : await this.products.nameInUse(name, null),
          useTargetMilestone: this.options.useTargetMilestone,
        },
        this.commands.context(request),
      ),
    );
    return { id: productId };
  }

  private async classification(name: string | undefined): Promise<CatalogRef> {
    const wanted = name === undefined || name.trim() === '' ? DEFAULT_CLASSIFICATION.id : name;
    const found = await this.named.ref('classifications', wanted);
    if (!found) throw CatalogErrors.objectDoesNotExist('classification', String(wanted).trim());
    return found;
  }
}
