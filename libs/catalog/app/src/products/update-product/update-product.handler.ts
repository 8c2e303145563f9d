import { Inject } from '@nestjs/common';
import {
  type CatalogRef,
  type ChangedObject,
  productStream,
  type ServiceRequest,
  splitIdOrName,
  UPDATE_PRODUCT_SUBJECT,
  type UpdateProductParams,
  type UpdateProductsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, type GroupControlRequest, type UpdateProduct, productDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { KeyedLocks } from '@tracker/platform/read-model';
import { productForAdmin } from '../../access/admin-product';
import { requireGroup } from '../../access/require-group';
import { CATALOG_OPTIONS, type CatalogOptions } from '../../catalog.options';
import { IdentityClient } from '../../collaborators/identity.client';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import { ProductQueries, type ProductRef } from '../../read-model/product.queries';
import { productChanges } from './product-changes.wire';
import type { CatalogLock } from '../../catalog.sequences';

/**
 * Product.update (editcomponents) of every product named by the path, `ids` and `names`.
 * All are decided before any is appended, so a refusal for one changes none. Renaming
 * runs under the product-name lock; only one product may be renamed at a time.
 */
@MessageHandler(UPDATE_PRODUCT_SUBJECT)
export class UpdateProductHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly products: ProductQueries,
    private readonly named: NamedQueries,
    private readonly identity: IdentityClient,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  async handle(request: ServiceRequest<UpdateProductParams>): Promise<UpdateProductsResult> {
    requireGroup(request.auth, 'editcomponents', 'edit', 'products');
    await this.gate.whenInstalled(request.correlationId);
    const targets = await this.targets(request);
    const p = request.params;
    if (p.name !== undefined && targets.length > 1) throw CatalogErrors.severalAtOnce('products');
    const base: Omit<UpdateProduct, 'nameInUse'> = {
      kind: 'UpdateProduct',
      name: p.name,
      description: p.description,
      defaultMilestone: p.default_milestone,
      isActive: p.is_open,
      allowsUnconfirmed: p.has_unconfirmed,
      classification: await this.classification(p.classification),
      groupControls: await this.groupControls(request),
      useTargetMilestone: this.options.useTargetMilestone,
    };
    const apply = async (): Promise<ChangedObject[]> => {
      const commands = await Promise.all(
        targets.map(async (target) => ({
          target,
          command: { ...base, nameInUse: p.name === undefined ? null : await this.products.nameInUse(p.name, target.id) },
        })),
      );
      for (const { target, command } of commands) await this.commands.check(productDecider, productStream(target.id), command);
      const results: ChangedObject[] = [];
      for (const { target, command } of commands) {
        const result = await this.commands.run(productDecider, productStream(target.id), command, this.commands.context(request));
        results.push({ id: target.id, changes: await productChanges(result.events, request, this.identity, this.named) });
      }
      return results;
    };
    const products = p.name === undefined ? await apply() : await this.locks.withLock('product-name', [p.name.trim().toLowerCase()], apply);
    return { products };
  }

  private async targets(request: ServiceRequest<UpdateProductParams>): Promise<ProductRef[]> {
    const { id_or_name, ids, names } = request.params;
    const path = splitIdOrName(id_or_name);
    const wanted: Array<string | number> = [...path.names, ...(names ?? []), ...path.ids, ...(ids ?? [])];
    if (wanted.length === 0) throw CatalogErrors.paramsRequired('Product.update', ['ids', 'names']);
    const found = new Map<number, ProductRef>();
    for (const product of wanted) {
      const ref = await productForAdmin(this.products, request.auth, product);
      found.set(ref.id, ref);
    }
    return [...found.values()];
  }

  private async classification(name: string | undefined): Promise<CatalogRef | undefined> {
    if (name === undefined) return undefined;
    const found = await this.named.ref('classifications', name);
    if (!found) throw CatalogErrors.objectDoesNotExist('classification', name.trim());
    return found;
  }

  private async groupControls(request: ServiceRequest<UpdateProductParams>): Promise<GroupControlRequest[] | undefined> {
    const requested = request.params.group_controls;
    if (!requested) return undefined;
    const groups = await this.identity.groupsByName(
      request,
      requested.map((control) => control.group),
    );
    return requested.map((control) => {
      const group = groups.get(control.group.trim().toLowerCase());
      if (!group) throw CatalogErrors.objectDoesNotExist('group', control.group);
      return {
        group: { id: group.id, name: group.name },
        isActiveBugGroup: group.isActive && group.isBugGroup,
        settings: {
          ...(control.entry === undefined ? {} : { entry: control.entry }),
          ...(control.membercontrol === undefined ? {} : { memberControl: control.membercontrol }),
          ...(control.othercontrol === undefined ? {} : { otherControl: control.othercontrol }),
          ...(control.canedit === undefined ? {} : { canEdit: control.canedit }),
          ...(control.editcomponents === undefined ? {} : { editcomponents: control.editcomponents }),
        },
      };
    });
  }
}
