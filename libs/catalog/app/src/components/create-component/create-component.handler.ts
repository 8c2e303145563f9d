import { Inject } from '@nestjs/common';
import {
  CREATE_COMPONENT_SUBJECT,
  type CreateComponentParams,
  type CreatedObject,
  productStream,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences } from '@tracker/platform/read-model';
import { productForAdmin } from '../../access/admin-product';
import { requireGroup } from '../../access/require-group';
import { CATALOG_OPTIONS, type CatalogOptions } from '../../catalog.options';
import { IdentityClient } from '../../collaborators/identity.client';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import { resolvePeople } from '../component-people';
import type { CatalogSequence } from '../../catalog.sequences';

/** Component.create (editcomponents): a component in a product the caller may see, with its default people. */
@MessageHandler(CREATE_COMPONENT_SUBJECT)
export class CreateComponentHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly products: ProductQueries,
    private readonly identity: IdentityClient,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  async handle(request: ServiceRequest<CreateComponentParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'components');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const product = await productForAdmin(this.products, request.auth, p.product);
    const people = await resolvePeople(this.identity, request, p, this.options.useQaContact);
    const componentId = await this.ids.next('component_ids');
    await this.commands.run(
      productDecider,
      productStream(product.id),
      {
        kind: 'CreateComponent',
        componentId,
        name: p.name ?? p.component,
        description: p.description,
        defaultAssigneeId: people.assigneeId ?? null,
        defaultQaContactId: people.qaContactId ?? null,
        defaultCcIds: people.ccIds ?? [],
        isActive: p.is_open ?? p.is_active ?? true,
      },
      this.commands.context(request),
    );
    return { id: componentId };
  }
}
