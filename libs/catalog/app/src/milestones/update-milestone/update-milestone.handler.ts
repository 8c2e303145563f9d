import {
  productStream,
  type ServiceRequest,
  UPDATE_MILESTONE_SUBJECT,
  type UpdateMilestoneParams,
  type UpdateMilestonesResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { childTargets } from '../../access/admin-children';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import { wireChanges } from '../../wire/wire-changes';

/**
 * Tracker extension `PUT /rest/milestone/{id}` or `/rest/milestone/{product}/{milestone}`
 * (editcomponents). Renaming the product's default milestone renames the default too.
 */
@MessageHandler(UPDATE_MILESTONE_SUBJECT)
export class UpdateMilestoneHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<UpdateMilestoneParams>): Promise<UpdateMilestonesResult> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'milestones');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const [target] = await childTargets(
      this.products,
      request.auth,
      'milestones',
      p.id === undefined ? [] : [p.id],
      p.product !== undefined && p.milestone !== undefined ? [{ product: p.product, name: p.milestone }] : [],
    );
    if (!target) return { milestones: [] };
    const result = await this.commands.run(
      productDecider,
      productStream(target.product.id),
      { kind: 'UpdateMilestone', milestoneId: target.id, name: p.name, sortKey: p.sort_key, isActive: p.is_active },
      this.commands.context(request),
    );
    const changes = result.events.flatMap((event) => (event.type === 'MilestoneUpdated' ? [event.data.changes] : []))[0] ?? {};
    return { milestones: [{ id: target.id, changes: wireChanges(changes, { name: 'name', sortKey: 'sort_key', isActive: 'is_active' }) }] };
  }
}
