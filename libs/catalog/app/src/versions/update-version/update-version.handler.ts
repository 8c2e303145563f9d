import {
  productStream,
  type ServiceRequest,
  UPDATE_VERSION_SUBJECT,
  type UpdateVersionParams,
  type UpdateVersionsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { childTargets } from '../../access/admin-children';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import { wireChanges } from '../../wire/wire-changes';

/** Tracker extension `PUT /rest/version/{id}` or `/rest/version/{product}/{version}` (editcomponents). */
@MessageHandler(UPDATE_VERSION_SUBJECT)
export class UpdateVersionHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<UpdateVersionParams>): Promise<UpdateVersionsResult> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'versions');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const [target] = await childTargets(
      this.products,
      request.auth,
      'versions',
      p.id === undefined ? [] : [p.id],
      p.product !== undefined && p.version !== undefined ? [{ product: p.product, name: p.version }] : [],
    );
    if (!target) return { versions: [] };
    const result = await this.commands.run(
      productDecider,
      productStream(target.product.id),
      { kind: 'UpdateVersion', versionId: target.id, name: p.name, isActive: p.is_active },
      this.commands.context(request),
    );
    const changes = result.events.flatMap((event) => (event.type === 'VersionUpdated' ? [event.data.changes] : []))[0] ?? {};
    return { versions: [{ id: target.id, changes: wireChanges(changes, { name: 'name', isActive: 'is_active' }) }] };
  }
}
