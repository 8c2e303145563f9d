import { Inject } from '@nestjs/common';
import {
  type BugRulesResult,
  type InstallationParams,
  RESOLVE_BUG_RULES_SUBJECT,
  type ResolveBugRulesParams,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { CATALOG_OPTIONS, type CatalogOptions } from '../catalog.options';
import { IdentityClient } from '../collaborators/identity.client';
import { InstallationGate } from '../installation/installation-gate';
import { groupsNamedBy, usersNamedBy } from '../products/product.view';
import type { FieldSnapshot } from '../read-model/field.queries';
import { FieldQueries } from '../read-model/field.queries';
import { ProductQueries } from '../read-model/product.queries';
import { viewerOf } from '../read-model/viewer';
import { fieldRules } from './field-rules';
import { productRules } from './product-rules';

const ALL_PARTS = { components: true, versions: true, milestones: true, groupControls: true } as const;

/**
 * `catalog.bug-rules.resolve` for the bugs service: two SQL statements and (with
 * products) one identity lookup each for users and groups, in parallel. `asOf` says how
 * much of the log the answer reflects, so that the bugs service can keep it.
 */
@MessageHandler(RESOLVE_BUG_RULES_SUBJECT)
export class ResolveBugRulesHandler {
  constructor(
    private readonly fields: FieldQueries,
    private readonly products: ProductQueries,
    private readonly identity: IdentityClient,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
  ) {}

  async handle(request: ServiceRequest<ResolveBugRulesParams>): Promise<BugRulesResult> {
    await this.gate.whenInstalled(request.correlationId);
    const names = request.params.products ?? [];
    const ids = request.params.productIds ?? [];
    const viewer = viewerOf(request.auth);
    // read before the queries: the answer reflects at least this much of the log
    const asOf = this.readModel.appliedUpTo().toString();
    const [snapshot, rows] = await Promise.all([
      this.fields.snapshot(viewer, false),
      names.length + ids.length === 0 ? Promise.resolve([]) : this.products.find({ ids, names, visible: 'any' }, viewer, ALL_PARTS),
    ]);
    const [users, groups] = await Promise.all([
      this.identity.usersById(request, usersNamedBy(rows)),
      this.identity.groupsById(request, groupsNamedBy(rows)),
    ]);
    const known = new Set(rows.map((row) => row.name.toLowerCase()));
    return {
      asOf,
      params: this.installationParams(snapshot),
      fields: fieldRules(snapshot),
      products: rows.map((row) => productRules(row, users, groups)),
      unknownProducts: names.filter((name) => !known.has(name.trim().toLowerCase())),
    };
  }

  private installationParams(snapshot: FieldSnapshot): InstallationParams {
    const o = this.options;
    return {
      defaultPriority: o.defaults.priority,
      defaultSeverity: o.defaults.severity,
      defaultPlatform: o.defaults.platform,
      defaultOpSys: o.defaults.opSys,
      letSubmitterChoosePriority: o.letSubmitterChoosePriority,
      letSubmitterChooseMilestone: o.letSubmitterChooseMilestone,
      duplicateOrMoveBugStatus: snapshot.statuses.find((s) => s.id === snapshot.duplicate_status_id)?.name ?? '',
      commentOnDuplicate: o.commentOnDuplicate,
      mustHaveMilestoneOnAccept: o.mustHaveMilestoneOnAccept,
      noResolveOnOpenBlockers: o.noResolveOnOpenBlockers,
      useQaContact: o.useQaContact,
      useTargetMilestone: o.useTargetMilestone,
      useStatusWhiteboard: o.useStatusWhiteboard,
      useSeeAlso: o.useSeeAlso,
      useClassification: o.useClassification,
    };
  }
}
