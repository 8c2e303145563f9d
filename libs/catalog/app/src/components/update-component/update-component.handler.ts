import { Inject } from '@nestjs/common';
import {
  productStream,
  type ServiceRequest,
  UPDATE_COMPONENT_SUBJECT,
  type UpdateComponentParams,
  type UpdateComponentsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, type UpdateComponent, definedOnly, productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { childTargets } from '../../access/admin-children';
import { requireGroup } from '../../access/require-group';
import { CATALOG_OPTIONS, type CatalogOptions } from '../../catalog.options';
import { IdentityClient } from '../../collaborators/identity.client';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import { resolvePeople } from '../component-people';
import { componentChanges } from './component-changes.wire';

/**
 * Component.update as Bugzilla master has it (editcomponents): components by id or by
 * product and name, all decided before any change is appended. Unlike master, an
 * unknown component is error 51 rather than silently skipped.
 */
@MessageHandler(UPDATE_COMPONENT_SUBJECT)
export class UpdateComponentHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly products: ProductQueries,
    private readonly identity: IdentityClient,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  async handle(request: ServiceRequest<UpdateComponentParams>): Promise<UpdateComponentsResult> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'components');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    // values may also come inside `updates` (Red Hat's Bugzilla, python-bugzilla's editcomponent)
    const u = {
      ...p.updates,
      ...definedOnly({
        name: p.name,
        description: p.description,
        default_assignee: p.default_assignee,
        default_qa_contact: p.default_qa_contact,
        default_cc: p.default_cc,
        is_open: p.is_open ?? p.is_active,
      }),
    };
    const targets = await childTargets(
      this.products,
      request.auth,
      'components',
      [...(p.id === undefined ? [] : [p.id]), ...(p.ids ?? [])],
      [
        ...(p.product !== undefined && p.component !== undefined ? [{ product: p.product, name: p.component }] : []),
        ...(p.names ?? []).map((n) => ({ product: n.product, name: n.component })),
      ],
    );
    if (u.name !== undefined && new Set(targets.map((t) => t.product.id)).size < targets.length) {
      throw CatalogErrors.severalAtOnce('components of one product');
    }
    const people = await resolvePeople(this.identity, request, u, this.options.useQaContact);
    const commands = targets.map((target) => ({
      target,
      command: {
        kind: 'UpdateComponent',
        componentId: target.id,
        name: u.name,
        description: u.description,
        defaultAssigneeId: people.assigneeId,
        defaultQaContactId: people.qaContactId,
        defaultCcIds: people.ccIds,
        isActive: u.is_open ?? u.is_active,
      } satisfies UpdateComponent,
    }));
    for (const { target, command } of commands) await this.commands.check(productDecider, productStream(target.product.id), command);
    const components = [];
    for (const { target, command } of commands) {
      const result = await this.commands.run(productDecider, productStream(target.product.id), command, this.commands.context(request));
      components.push({ id: target.id, changes: await componentChanges(result.events, request, this.identity) });
    }
    return { components };
  }
}
