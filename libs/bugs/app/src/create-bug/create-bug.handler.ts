import { Inject } from '@nestjs/common';
import {
  apiInput,
  bugStream,
  CREATE_BUG_SUBJECT,
  type CreateBugParams,
  type CreateBugResult,
  isDomainError,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import {
  actorOf,
  BugErrors,
  bugDecider,
  type CreateBug,
  type CreateBugInput,
  CustomFieldType,
  type LoggedInActor,
  splitAliases,
  textOf,
} from '@tracker/bugs/domain';
import { IdSequences, KeyedLocks, READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { CommandRunner } from '@tracker/platform/command-handler';
import { CatalogClient } from '../collaborators/catalog.client';
import { CommentsSyncClient } from '../collaborators/comments-sync.client';
import { IdentityClient } from '../collaborators/identity.client';
import { BugRefResolver, resolvedIds, splitRefs } from '../facts/bug-refs';
import { LinkedChanges, LinkedChangeWriter } from '../linked/linked-changes';
import { BugQueries } from '../read-model/bug.queries';
import type { BugSequence, BugLock } from '../bugs.sequences';
import { withAliasLock } from '../facts/alias-lock';
import { FlagsClient } from '../collaborators/flags.client';
import { FlagDecisions, flagsWritten } from '../flags/flag-decisions';

/** Everything a create is decided on but its ids. */
type CreateBugFacts = Omit<CreateBug, 'bugId' | 'commentId'>;
/** The ids a create's fields are decided with before its own are drawn (the decider refuses fields alike whatever they are). */
const UNNUMBERED = 0;

/**
 * Bug.create: login required; the facts the decider needs are looked up (catalog rules of
 * the product, users by login, other bugs, aliases), its fields decided before its ids are
 * drawn, `flags` decided by the flags service on the bug as it will be, and the bug decided and appended with its description as comment 0
 * and its flags, under a lock on its aliases. Bugs it blocks or depends on get their side of
 * the link. The reply waits until the bugs, comments and flags read models show the new bug.
 */
@MessageHandler(CREATE_BUG_SUBJECT)
export class CreateBugHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly locks: KeyedLocks<BugLock>,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly catalog: CatalogClient,
    private readonly identity: IdentityClient,
    private readonly refs: BugRefResolver,
    private readonly linked: LinkedChangeWriter,
    private readonly comments: CommentsSyncClient,
    private readonly flagDecisions: FlagDecisions,
    private readonly flags: FlagsClient,
  ) {}

  async handle(request: ServiceRequest<CreateBugParams>): Promise<CreateBugResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const actor = actorOf(auth) as LoggedInActor;
    const input: CreateBugInput = apiInput(params, ['flags']);
    const aliases = splitAliases(input.alias ?? []);
    return withAliasLock(this.locks, aliases, async () => {
      // whether comments can follow is asked while the facts are looked up; a refusal of the bug itself comes first
      const [built, ready] = await Promise.allSettled([this.facts(request, actor, input), this.comments.assertReady(request)]);
      if (built.status === 'rejected') throw built.reason;
      if (ready.status === 'rejected') throw ready.reason;
      const facts = built.value;
      // refused fields spend no id (Bugzilla numbers bugs without gaps): they are decided before the ids are drawn
      const refusal = bugDecider.decide({ ...facts, bugId: UNNUMBERED, commentId: UNNUMBERED }, bugDecider.initialState());
      if (isDomainError(refusal)) throw refusal;
      const [bugId, commentId] = await this.ids.nextOfEach('bug_ids', 'comment_ids');
      const candidate = { command: { ...facts, bugId, commentId }, state: bugDecider.initialState() };
      const command = await this.flagDecisions.decideOne(request, candidate, params.flags ?? []);
      const context = this.commands.context(request);
      const stream = bugStream(command.bugId);
      const result = await this.commands.append(bugDecider, stream, command, context, { newStream: true });
      const created = result.events.find((event) => event.type === 'BugCreated');
      const links = new LinkedChanges();
      if (created?.type === 'BugCreated')
        links.dependencies(
          command.bugId,
          { added: [...created.data.fields.dependsOn], removed: [] },
          { added: [...created.data.fields.blocks], removed: [] },
        );
      const others = await this.linked.write(links, actor.user, context);
      const written = [{ stream, position: result.position }, ...others];
      const flags = flagsWritten([{ stream, position: result.position, events: result.events }]);
      // read-your-writes in every read model the create touched, waited for together
      await Promise.all([
        this.commands.visible(written, request.correlationId),
        result.position === null ? undefined : this.comments.sync(request, [{ stream, position: result.position }]),
        flags ? this.flags.sync(request, flags.stream, flags.position) : undefined,
      ]);
      return { id: command.bugId };
    });
  }

  /**
   * The facts of the decision, each as soon as what it needs is known: rules, users and
   * alias owners at once; the bugs referred to once the rules name the bug-id fields.
   */
  private async facts(request: ServiceRequest, actor: LoggedInActor, input: CreateBug['input']): Promise<CreateBugFacts> {
    const queries = new BugQueries(this.readModel.dataSource);
    const logins = [input.assignedTo ?? '', input.qaContact ?? '', ...(input.cc ?? []).flatMap((cc) => cc.split(/[,;]+/))];
    const [rules, users, aliasOwners] = await Promise.all([
      this.catalog.rules(request, { products: input.product === undefined ? [] : [input.product] }),
      this.identity.directory(request, logins),
      queries.aliasOwners(splitAliases(input.alias ?? []).map((alias) => alias.trim())),
    ]);
    const bugIdFields = rules.fields.customFields.filter((field) => field.type === CustomFieldType.bugId).map((field) => field.name);
    const refs = [
      ...splitRefs(input.blocks),
      ...splitRefs(input.dependsOn),
      ...bugIdFields.map((name) => textOf(input.customFields[name])),
    ];
    const bugRefs = await this.refs.resolve(request, actor, refs);
    const dependencyEdges = await queries.dependencyEdges(resolvedIds(bugRefs));
    return { kind: 'CreateBug', actor, input, rules, users, aliasOwners, bugRefs, dependencyEdges };
  }
}
