import {
  type FlagTypeEvent,
  flagTypeStream,
  isDomainError,
  type ServiceRequest,
  UPDATE_FLAG_TYPE_SUBJECT,
  type UpdatedFlagType,
  type UpdateFlagTypeParams,
  type UpdateFlagTypesResult,
} from '@tracker/contracts';
import {
  checkFlagTypeRights,
  flagTypeChangesReport,
  flagTypeDecider,
  flagTypeValuesOf,
  prepareFlagTypeUpdate,
} from '@tracker/flags/domain';
import type { UpdateFlagType } from '@tracker/flags/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogClient } from '../collaborators/catalog.client';
import { IdentityClient } from '../collaborators/identity.client';
import { FlagTypeQueries } from '../read-model/flag-type.queries';
import { clusionProductNames, flagTypeAdminOf, groupNamesOf } from './flag-type-admin';
import { FlagTypeReconciler } from './flag-type-reconciler';

/**
 * FlagType.update (`PUT /rest/flag_type/{id_or_name}` with `ids` / `names`, docs/flags.md
 * §2.2): the shared stage (rights, the types named, the clusions) once, then every type is
 * decided before the first append, so one refused type leaves every type unchanged.
 * Flags already set that a narrowing affects are reconciled (§2.5) before the reply.
 */
@MessageHandler(UPDATE_FLAG_TYPE_SUBJECT)
export class UpdateFlagTypeHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly catalog: CatalogClient,
    private readonly identity: IdentityClient,
    private readonly types: FlagTypeQueries,
    private readonly reconciler: FlagTypeReconciler,
  ) {}

  async handle(request: ServiceRequest<UpdateFlagTypeParams>): Promise<UpdateFlagTypesResult> {
    const admin = await flagTypeAdminOf(request, this.catalog);
    const denied = checkFlagTypeRights(admin, 'edit');
    if (denied) throw denied;
    const p = request.params;
    const values = flagTypeValuesOf(p);
    const [products, groups, types] = await Promise.all([
      this.catalog.clusionProducts(request, clusionProductNames(values.inclusions, values.exclusions)),
      this.identity.groupsByName(request, groupNamesOf(values)),
      this.types.refs(),
    ]);
    const prepared = prepareFlagTypeUpdate({
      admin,
      ...(p.id_or_name === undefined ? {} : { idOrName: p.id_or_name }),
      ...(p.ids === undefined ? {} : { ids: p.ids }),
      ...(p.names === undefined ? {} : { names: p.names }),
      values,
      products,
      types,
    });
    if (isDomainError(prepared)) throw prepared;
    const { inclusions: _inclusions, exclusions: _exclusions, ...fields } = values;
    const commandOf = (typeId: number): UpdateFlagType => ({
      kind: 'UpdateFlagType',
      typeId,
      admin,
      values: fields,
      groups,
      ...(prepared.inclusions === undefined ? {} : { inclusions: prepared.inclusions }),
      ...(prepared.exclusions === undefined ? {} : { exclusions: prepared.exclusions }),
    });
    for (const typeId of prepared.typeIds) await this.commands.check(flagTypeDecider, flagTypeStream(typeId), commandOf(typeId));
    const context = this.commands.context(request);
    const updated: UpdatedFlagType[] = [];
    const written = [];
    const narrowed: number[] = [];
    for (const typeId of prepared.typeIds) {
      const stream = flagTypeStream(typeId);
      const result = await this.commands.append(flagTypeDecider, stream, commandOf(typeId), context);
      written.push({ stream, position: result.position });
      const name = result.state.kind === 'present' ? result.state.name : '';
      updated.push({ id: typeId, name, changes: changesOf(result.events) });
      if (result.events.some((event) => event.type === 'FlagTypeUpdated' && event.data.needsReconcile)) narrowed.push(typeId);
    }
    await this.commands.visible(written, request.correlationId);
    for (const typeId of narrowed) await this.reconciler.reconcile(typeId, request);
    return { flagtypes: updated };
  }
}

function changesOf(events: readonly FlagTypeEvent[]): UpdatedFlagType['changes'] {
  const update = events.find((event) => event.type === 'FlagTypeUpdated');
  return update?.type === 'FlagTypeUpdated' ? flagTypeChangesReport(update.data) : {};
}
