import {
  CREATE_FLAG_TYPE_SUBJECT,
  type CreateFlagTypeParams,
  type CreateFlagTypeResult,
  flagTypeStream,
  isDomainError,
  type ServiceRequest,
} from '@tracker/contracts';
import { checkFlagTypeRights, type CreateFlagType, flagTypeDecider, flagTypeValuesOf } from '@tracker/flags/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import { CatalogClient } from '../collaborators/catalog.client';
import { IdentityClient } from '../collaborators/identity.client';
import type { FlagsSequence } from '../flags.sequences';
import { clusionProductNames, flagTypeAdminOf, groupNamesOf } from './flag-type-admin';

/**
 * FlagType.create (`POST /rest/flag_type` → 201 `{id}`, docs/flags.md §2.1): the products
 * the clusions name and the groups are looked up, then the flag-type decider checks
 * everything in Bugzilla's order. Names need not be unique (Bugzilla's neither), so no lock.
 */
@MessageHandler(CREATE_FLAG_TYPE_SUBJECT)
export class CreateFlagTypeHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<FlagsSequence>,
    private readonly catalog: CatalogClient,
    private readonly identity: IdentityClient,
  ) {}

  async handle(request: ServiceRequest<CreateFlagTypeParams>): Promise<CreateFlagTypeResult> {
    const admin = await flagTypeAdminOf(request, this.catalog);
    const denied = checkFlagTypeRights(admin, 'add');
    if (denied) throw denied;
    const values = flagTypeValuesOf(request.params);
    const [products, groups] = await Promise.all([
      this.catalog.clusionProducts(request, clusionProductNames(values.inclusions, values.exclusions)),
      this.identity.groupsByName(request, groupNamesOf(values)),
    ]);
    const command = (typeId: number): CreateFlagType => ({
      kind: 'CreateFlagType',
      typeId,
      admin,
      targetType: request.params.target_type,
      values,
      products,
      groups,
    });
    // decided once on a fresh stream before an id is taken: a refused create leaves no gap (Bugzilla's ids have none)
    const refused = flagTypeDecider.decide(command(1), flagTypeDecider.initialState());
    if (isDomainError(refused)) throw refused;
    const typeId = await this.ids.next('flagtype_ids');
    await this.commands.run(flagTypeDecider, flagTypeStream(typeId), command(typeId), this.commands.context(request));
    return { id: typeId };
  }
}
