import {
  apiInput,
  type BugEvent,
  bugStream,
  formatDateTime,
  isDomainError,
  isLoggedIn,
  type ServiceRequest,
  UPDATE_BUGS_SUBJECT,
  type UpdateBugsParams,
  type UpdateBugsResult,
  type UpdatedBugWire,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import {
  actorOf,
  BugErrors,
  bugDecider,
  type BugState,
  requireEditable,
  type ExistingBug,
  formatChanges,
  flagRows,
  type LoggedInActor,
  splitAliases,
  type UpdateBug,
  type UpdateBugInput,
} from '@tracker/bugs/domain';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { CommandBuilder, CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import type { CommandContext } from '@tracker/platform/command-handler';
import { BugFinder, refsOf } from '../access/bug-finder';
import { CommentsSyncClient } from '../collaborators/comments-sync.client';
import { LinkedChanges, LinkedChangeWriter } from '../linked/linked-changes';
import { dupeTargetFor, UpdateFactsLoader } from './update-facts';
import type { BugSequence, BugLock } from '../bugs.sequences';
import { withAliasLock } from '../facts/alias-lock';
import { FlagsClient } from '../collaborators/flags.client';
import { FlagDecisions, flagsWritten } from '../flags/flag-decisions';

/**
 * Bug.update for the bug of the path and those of `ids`: every bug is found (100, 101,
 * 102) and checked editable (102, 109) before anything else; then each is decided on its
 * own stream's state with the request's facts, and only when every bug's decision is
 * accepted are they appended, one event set per bug stream, followed by what the update
 * does to other bugs (dependencies, the duplicate's target). The reply, once the read
 * models show it all, lists per bug the changes as Bugzilla formats them.
 */
@MessageHandler(UPDATE_BUGS_SUBJECT)
export class UpdateBugsHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly locks: KeyedLocks<BugLock>,
    private readonly finder: BugFinder,
    private readonly facts: UpdateFactsLoader,
    private readonly linked: LinkedChangeWriter,
    private readonly comments: CommentsSyncClient,
    private readonly flagDecisions: FlagDecisions,
    private readonly flags: FlagsClient,
  ) {}

  async handle(request: ServiceRequest<UpdateBugsParams>): Promise<UpdateBugsResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const aliases = splitAliases([...(params.alias?.add ?? []), ...(params.alias?.set ?? [])]);
    return withAliasLock(this.locks, aliases, () => this.update(request, actorOf(auth) as LoggedInActor));
  }

  private async update(request: ServiceRequest<UpdateBugsParams>, actor: LoggedInActor): Promise<UpdateBugsResult> {
    const { params } = request;
    const docs = await this.finder.findAll(request, actor, refsOf(params.id, params.ids));
    const ids = [...new Set(docs.map((doc) => doc.id))];
    const loaded = await Promise.all(ids.map((id) => this.commands.load(bugDecider, bugStream(id))));
    const revisions = new Map<number, number>();
    const existing: ExistingBug[] = [];
    for (const { state, revision } of loaded)
      if (state.exists) {
        existing.push(state);
        revisions.set(state.bugId, revision);
      }
    const input: UpdateBugInput = apiInput(params, ['id', 'ids', 'flags']);
    const facts = await this.facts.load(request, actor, input, existing, (id) => this.load(id));
    for (const bug of existing) requireEditable(facts, bug);
    // a comment id only where the update may add a comment (its own, work time, the duplicate note)
    const mayComment = input.comment !== undefined || input.workTime !== undefined || input.dupeOf !== undefined;
    const commentIds = new Map<number, number>();
    for (const bug of existing) if (mayComment) commentIds.set(bug.bugId, await this.ids.next('comment_ids'));
    const commandFor = (bug: ExistingBug): UpdateBug => ({
      kind: 'UpdateBug',
      ...facts,
      commentId: commentIds.get(bug.bugId) ?? 0,
      dupeTarget: dupeTargetFor(bug, facts.dupeTargetBug),
    });
    // flags are decided for every bug at once, on the states just loaded
    const builders = await this.flagDecisions.updateBuilders(
      request,
      existing.map((bug) => ({ bug, revision: revisions.get(bug.bugId) ?? -1 })),
      commandFor,
      params.flags ?? [],
    );
    // every bug's decision must be accepted before the first append
    for (const bug of existing) {
      const command = await builderOf(builders, bug).commandFor({ state: bug, revision: revisions.get(bug.bugId) ?? -1 });
      const decided = bugDecider.decide(command, bug);
      if (isDomainError(decided)) throw decided;
    }
    if (mayComment) await this.comments.assertReady(request);
    const context = this.commands.context(request);
    const results: UpdatedBugWire[] = [];
    const written: Array<{ stream: string; position: GlobalPosition | null }> = [];
    const links = new LinkedChanges();
    let commentsChanged = false;
    const flagWrites: Parameters<typeof flagsWritten>[0][number][] = [];
    for (const bug of existing) {
      const { before, result } = await this.appendDecided(bugStream(bug.bugId), builderOf(builders, bug), context);
      written.push({ stream: bugStream(bug.bugId), position: result.position });
      flagWrites.push({ stream: bugStream(bug.bugId), position: result.position, events: result.events });
      commentsChanged ||= result.events.some((event) => event.type !== 'BugUpdated' && event.type !== 'FlagsChanged');
      await this.linkEffects(links, bug, result.events, facts.dupeTargetBug);
      const previous = docs.find((doc) => doc.id === bug.bugId)?.lastChangeTime ?? context.occurredAt.toISOString();
      results.push(responseOf(bug, before, result.events, result.events.length > 0 ? context.occurredAt.toISOString() : previous));
    }
    const others = await this.linked.write(links, actor.user, context);
    written.push(...others);
    commentsChanged ||= others.some((other) => other.hasComment);
    await this.commands.visible(written, request.correlationId);
    const last = written.reduce<GlobalPosition | null>(
      (max, entry) => (entry.position !== null && (max === null || entry.position > max) ? entry.position : max),
      null,
    );
    if (commentsChanged && last !== null) await this.comments.sync(request, [{ stream: written[0]?.stream ?? 'bug-0', position: last }]);
    const flags = flagsWritten(flagWrites);
    if (flags) await this.flags.sync(request, flags.stream, flags.position);
    return { bugs: results };
  }

  private async load(bugId: number): Promise<ExistingBug | null> {
    const { state } = await this.commands.load(bugDecider, bugStream(bugId));
    return state.exists ? state : null;
  }

  /** Appends on fresh state, remembering the state the accepted decision was made on. */
  private async appendDecided(stream: string, command: CommandBuilder<BugState, UpdateBug>, context: CommandContext) {
    let before: BugState = bugDecider.initialState();
    const capturing = {
      ...bugDecider,
      decide: (cmd: UpdateBug, state: BugState) => {
        before = state;
        return bugDecider.decide(cmd, state);
      },
    };
    const result = await this.commands.append(capturing, stream, command, context);
    return { before, result };
  }

  private async linkEffects(
    links: LinkedChanges,
    bug: ExistingBug,
    events: readonly BugEvent[],
    target: ExistingBug | null,
  ): Promise<void> {
    const updated = events.find((event) => event.type === 'BugUpdated');
    if (updated?.type !== 'BugUpdated') return;
    const { dependsOn, blocks, dupeOf } = updated.data.changes;
    links.dependencies(
      bug.bugId,
      { added: [...(dependsOn?.added ?? [])], removed: [...(dependsOn?.removed ?? [])] },
      { added: [...(blocks?.added ?? [])], removed: [...(blocks?.removed ?? [])] },
    );
    if (dupeOf !== undefined && dupeOf !== null) {
      const addCc = dupeTargetFor(bug, target)?.visibleToDupeReporter && target?.reporter.id !== bug.reporter.id ? bug.reporter : null;
      links.duplicate(dupeOf, { bugId: bug.bugId, commentId: await this.ids.next('comment_ids') }, addCc);
    }
  }
}

function builderOf(
  builders: ReadonlyMap<number, CommandBuilder<BugState, UpdateBug>>,
  bug: ExistingBug,
): CommandBuilder<BugState, UpdateBug> {
  const builder = builders.get(bug.bugId);
  if (!builder) throw new Error(`no command for bug ${bug.bugId}`);
  return builder;
}

function responseOf(bug: ExistingBug, before: BugState, events: readonly BugEvent[], changedAt: string): UpdatedBugWire {
  const updated = events.find((event) => event.type === 'BugUpdated');
  const from = before.exists ? before : bug;
  const changes = [
    ...(updated?.type === 'BugUpdated' ? formatChanges(from.fields, updated.data.changes, true) : []),
    ...events.flatMap((event) => (event.type === 'FlagsChanged' && event.data.attachmentId === null ? flagRows(event.data) : [])),
  ];
  const after = updated?.type === 'BugUpdated' ? (bugDecider.evolve(from, updated) as ExistingBug) : from;
  return {
    id: bug.bugId,
    alias: after.fields.alias,
    last_change_time: formatDateTime(changedAt),
    changes: Object.fromEntries(changes.map((change) => [change.field, { added: change.added, removed: change.removed }])),
  };
}
