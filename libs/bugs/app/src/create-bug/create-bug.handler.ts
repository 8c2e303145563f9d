import { Inject } from '@nestjs/common';
import {
  apiInput,
  type BugRulesResult,
  bugStream,
  CREATE_BUG_SUBJECT,
  type CreateBugParams,
  type CreateBugResult,
  type FlagInput,
  isDomainError,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import {
  acceptCreate,
  type AcceptedCreate,
  actorOf,
  BugErrors,
  bugDecider,
  type CreateBug,
  type CreateBugFacts,
  type CreateBugInput,
  CustomFieldType,
  type LoggedInActor,
  requireFlagOutcome,
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
import { type FlagCandidate, FlagDecisions, flagsWritten } from '../flags/flag-decisions';
import { type BugIds, CreateIds } from './create-ids';

/** What a create is asked, and by whom. */
interface CreateAsked {
  readonly request: ServiceRequest;
  readonly actor: LoggedInActor;
  readonly input: CreateBugInput;
}
/** A create's facts, the fields they accept, and the ids drawn for it. */
interface NumberedCreate {
  readonly facts: CreateBugFacts;
  readonly accepted: AcceptedCreate;
  readonly ids: BugIds;
}

/**
 * Bug.create: login required; the facts the decider needs are looked up (catalog rules of
 * the product, users by login, other bugs, aliases), its fields decided before its ids are
 * drawn (on the catalog rules this process keeps, while the log is looked at for newer
 * ones), `flags` decided by the flags service on the bug as it will be, and the bug decided
 * and appended with its description as comment 0 and its flags, under a lock on its
 * aliases. Bugs it blocks or depends on get their side of the link. The reply waits until
 * the bugs, comments and flags read models show the new bug.
 */
@MessageHandler(CREATE_BUG_SUBJECT)
export class CreateBugHandler {
  /** ids drawn for a create that then fails before its append (current rules, flags, a failed look) go to the next create */
  private readonly createIds: CreateIds;

  constructor(
    private readonly commands: CommandRunner,
    ids: IdSequences<BugSequence>,
    private readonly locks: KeyedLocks<BugLock>,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly catalog: CatalogClient,
    private readonly identity: IdentityClient,
    private readonly refs: BugRefResolver,
    private readonly linked: LinkedChangeWriter,
    private readonly comments: CommentsSyncClient,
    private readonly flagDecisions: FlagDecisions,
    private readonly flags: FlagsClient,
  ) {
    this.createIds = new CreateIds(ids);
  }

  async handle(request: ServiceRequest<CreateBugParams>): Promise<CreateBugResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const actor = actorOf(auth) as LoggedInActor;
    const input: CreateBugInput = apiInput(params, ['flags']);
    const aliases = splitAliases(input.alias ?? []);
    return withAliasLock(this.locks, aliases, async () => {
      const asked: CreateAsked = { request, actor, input };
      const question = { products: input.product === undefined ? [] : [input.product] };
      const kept = this.catalog.keptRules(request, question);
      // the rules as they are now: a look at the log that begins with this request (awaited on every path that needs them)
      const current = this.catalog.rules(request, question);
      current.catch(() => undefined);
      // whether comments can follow is asked while the facts are looked up; a refusal of the bug itself comes first
      const [built, ready] = await Promise.allSettled([this.facts(asked, kept ?? current), this.comments.assertReady(request)]);
      if (built.status === 'rejected') throw built.reason;
      if (ready.status === 'rejected') throw ready.reason;
      const { facts, accepted, ids } = kept
        ? await this.numberedOnKeptRules(asked, kept, built.value, current)
        : await this.numbered(built.value);
      const [bugId, commentId] = ids;
      // the fields are accepted once: the flags' look at the bug as it will be and the append take them as they are
      const candidate = { command: { ...facts, bugId, commentId, accepted }, state: bugDecider.initialState() };
      const command = await this.withFlags(request, candidate, params.flags ?? [], ids);
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
   * The ids of a create whose fields are accepted; refused fields throw and spend no id
   * (Bugzilla numbers bugs without gaps): they are decided before the ids are drawn.
   */
  private async numbered(facts: CreateBugFacts): Promise<NumberedCreate> {
    const accepted = acceptCreate(facts);
    if (isDomainError(accepted)) throw accepted;
    return { facts, accepted, ids: await this.createIds.draw() };
  }

  /**
   * Facts gathered on the catalog answer this process kept, decided while the log is looked
   * at for a newer one: accepted, the ids are drawn beside that look (one round trip less
   * on a create's path, docs/bugs.md, "Create ids"). Only the current rules decide: when the
   * look found a newer answer, the facts are gathered and decided again on it, and ids drawn
   * for fields it then refuses (or beside a look or a gathering that fails) are kept for the
   * next create.
   */
  private async numberedOnKeptRules(
    asked: CreateAsked,
    kept: BugRulesResult,
    onKept: CreateBugFacts,
    current: Promise<BugRulesResult>,
  ): Promise<NumberedCreate> {
    const acceptedOnKept = acceptCreate(onKept);
    if (isDomainError(acceptedOnKept)) {
      // out-of-date rules may refuse what the current ones accept (a version just added)
      const rules = await current;
      if (rules === kept) throw acceptedOnKept;
      return this.numbered(await this.facts(asked, rules));
    }
    const [rules, ids] = await this.createIds.drawBeside(current);
    if (rules === kept) return { facts: onKept, accepted: acceptedOnKept, ids };
    return this.createIds.keptOnFailure(ids, async () => {
      const facts = await this.facts(asked, rules);
      const accepted = acceptCreate(facts);
      if (isDomainError(accepted)) throw accepted;
      return { facts, accepted, ids };
    });
  }

  /**
   * The create's command with the flags service's decision. Its fields were accepted before
   * its ids were drawn, so a refusal of its flags is the last one it can meet: that, or no
   * answer from the flags service, leaves its ids to the next create, as nothing was appended.
   */
  private async withFlags(
    request: ServiceRequest,
    candidate: FlagCandidate<CreateBug>,
    flags: readonly FlagInput[],
    ids: BugIds,
  ): Promise<CreateBug> {
    return this.createIds.keptOnFailure(ids, async () => {
      const command = await this.flagDecisions.decideOne(request, candidate, flags);
      requireFlagOutcome(command.flags);
      return command;
    });
  }

  /**
   * The facts of the decision, each as soon as what it needs is known: rules, users and
   * alias owners at once; the bugs referred to once the rules name the bug-id fields.
   */
  private async facts(
    { request, actor, input }: CreateAsked,
    catalogRules: BugRulesResult | Promise<BugRulesResult>,
  ): Promise<CreateBugFacts> {
    const queries = new BugQueries(this.readModel.dataSource);
    const logins = [input.assignedTo ?? '', input.qaContact ?? '', ...(input.cc ?? []).flatMap((cc) => cc.split(/[,;]+/))];
    const [rules, users, aliasOwners] = await Promise.all([
      catalogRules,
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
