import { Inject, Injectable } from '@nestjs/common';
import type { ServiceRequest } from '@tracker/contracts';
import {
  accessFactsOf,
  type BugRefs,
  canSeeBug,
  CustomFieldType,
  type DupeTarget,
  type ExistingBug,
  type LoggedInActor,
  splitAliases,
  textOf,
  type UpdateBug,
  type UpdateBugInput,
} from '@tracker/bugs/domain';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { CatalogClient } from '../collaborators/catalog.client';
import { IdentityClient } from '../collaborators/identity.client';
import { BugRefResolver, resolvedIds, splitRefs } from '../facts/bug-refs';
import { BugQueries } from '../read-model/bug.queries';

/** The facts shared by every bug of one update request, and the per-bug ones. */
export type UpdateFacts = Omit<UpdateBug, 'kind' | 'commentId' | 'dupeTarget' | 'dupeChain'> & {
  readonly dupeTargetBug: ExistingBug | null;
  readonly dupeChain: ReadonlyMap<number, number>;
};

const listValues = (edit: { add?: readonly string[]; remove?: readonly string[]; set?: readonly string[] } | undefined): string[] => [
  ...(edit?.add ?? []),
  ...(edit?.remove ?? []),
  ...(edit?.set ?? []),
];

/**
 * Looks up, in few round trips, what deciding an update needs: the catalog rules of the
 * bugs' products and of a move's target, the users named, alias owners, the other bugs
 * named (dependencies, duplicate, bug-id fields) with the dependency graph around them,
 * the duplicate chain, and which dependencies are open.
 */
@Injectable()
export class UpdateFactsLoader {
  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly catalog: CatalogClient,
    private readonly identity: IdentityClient,
    private readonly refs: BugRefResolver,
  ) {}

  async load(
    request: ServiceRequest,
    actor: LoggedInActor,
    input: UpdateBugInput,
    bugs: readonly ExistingBug[],
    loadBug: (bugId: number) => Promise<ExistingBug | null>,
  ): Promise<UpdateFacts> {
    const queries = new BugQueries(this.readModel.dataSource);
    const productIds = bugs.map((bug) => bug.fields.product.id);
    const rules = await this.catalog.rules(request, {
      productIds: [...new Set(productIds)],
      products: input.product === undefined ? [] : [input.product],
    });
    const bugIdFields = rules.fields.customFields.filter((field) => field.type === CustomFieldType.bugId).map((field) => field.name);
    const refs = [
      ...splitRefs(listValues(input.blocks)),
      ...splitRefs(listValues(input.dependsOn)),
      ...(input.dupeOf === undefined ? [] : [input.dupeOf]),
      ...bugIdFields.map((name) => textOf(input.customFields[name])),
    ];
    const logins = [input.assignedTo ?? '', input.qaContact ?? '', ...listValues(input.cc)];
    const [users, aliasOwners, bugRefs] = await Promise.all([
      this.identity.directory(request, logins),
      queries.aliasOwners(splitAliases(listValues(input.alias))),
      this.refs.resolve(request, actor, refs),
    ]);
    const dupeTargetId = dupeTargetOf(input, bugRefs);
    const related = [...bugs.map((bug) => bug.bugId), ...resolvedIds(bugRefs)];
    const [dependencyEdges, dupeChain, openBugIds, dupeTargetBug] = await Promise.all([
      queries.dependencyEdges(related),
      dupeTargetId === null ? Promise.resolve(new Map<number, number>()) : queries.dupeChain(dupeTargetId),
      queries.openBugIds([...bugs.flatMap((bug) => bug.fields.dependsOn), ...resolvedIds(bugRefs)]),
      dupeTargetId === null ? Promise.resolve(null) : loadBug(dupeTargetId),
    ]);
    return {
      actor,
      input,
      bugCount: bugs.length,
      rules,
      users,
      aliasOwners,
      bugRefs,
      dependencyEdges,
      dupeChain,
      openBugIds,
      dupeTargetBug,
    };
  }
}

function dupeTargetOf(input: UpdateBugInput, refs: BugRefs): number | null {
  if (input.dupeOf === undefined) return null;
  const found = refs.get(input.dupeOf.trim());
  return found && 'bugId' in found ? found.bugId : null;
}

/**
 * Whether the duplicate's reporter joins the target's CC: only if they can see the target.
 * Their group memberships are identity's and not known here, so a target in groups counts
 * as visible only through a role on it (the safe side, as Bugzilla is when unsure).
 */
export function dupeTargetFor(bug: ExistingBug, target: ExistingBug | null): DupeTarget | null {
  if (!target) return null;
  const reporter = { user: bug.reporter, groupIds: [], editbugs: false, canconfirm: false, insider: false, timetracker: false };
  return { bugId: target.bugId, reporterId: target.reporter.id, visibleToDupeReporter: canSeeBug(reporter, accessFactsOf(target)) };
}
