import { Injectable } from '@nestjs/common';
import { type CreateMilestoneParams, type CreatedObject, type ServiceRequest, productStream } from '@tracker/contracts';
import { productDecider } from '@tracker/catalog/domain';
import { productForAdmin } from '../../access/admin-product';
import { requireGroup } from '../../access/require-group';
import { CatalogCommands } from '../../commands/catalog-commands';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';

/** Tracker extension `POST /rest/milestone` (editcomponents): a new milestone of a product (sort key 0 by default). */
@Injectable()
export class CreateMilestoneHandler {
  constructor(
    private readonly commands: CatalogCommands,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateMilestoneParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'milestones');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const product = await productForAdmin(this.products, request.auth, p.product);
    const milestoneId = await this.commands.nextId('milestone_ids');
    await this.commands.run(
      productDecider,
      productStream(product.id),
      { kind: 'CreateMilestone', milestoneId, name: p.name, sortKey: p.sort_key ?? 0, isActive: p.is_active ?? true },
      this.commands.context(request),
    );
    return { id: milestoneId };
  }
}
