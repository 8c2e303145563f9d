import {
  CREATE_MILESTONE_SUBJECT,
  type CreatedObject,
  type CreateMilestoneParams,
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

/** Tracker extension `POST /rest/milestone` (editcomponents): a new milestone of a product (sort key 0 by default). */
@MessageHandler(CREATE_MILESTONE_SUBJECT)
export class CreateMilestoneHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateMilestoneParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'milestones');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const product = await productForAdmin(this.products, request.auth, p.product);
    const milestoneId = await this.ids.next('milestone_ids');
    await this.commands.run(
      productDecider,
      productStream(product.id),
      { kind: 'CreateMilestone', milestoneId, name: p.name, sortKey: p.sort_key ?? 0, isActive: p.is_active ?? true },
      this.commands.context(request),
    );
    return { id: milestoneId };
  }
}
