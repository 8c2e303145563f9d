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
  type LoggedInActor,
  splitAliases,
  type UpdateBug,
  type UpdateBugInput,
} from '@tracker/bugs/domain';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import type { CommandContext } from '@tracker/platform/command-handler';
import { BugFinder, refsOf } from '../access/bug-finder';
import { CommentsSyncClient } from '../collaborators/comments-sync.client';
import { LinkedChanges, LinkedChangeWriter } from '../linked/linked-changes';
import { dupeTargetFor, UpdateFactsLoader } from './update-facts';
import type { BugSequence, BugLock } from '../bugs.sequences';
import { withAliasLock } from '../facts/alias-lock';

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
  ) {}

  async handle(request: ServiceRequest<UpdateBugsParams>): Promise<UpdateBugsResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    if (params.flags !== undefined && params.flags !== null && !(Array.isArray(params.flags) && params.flags.length === 0)) {
      throw BugErrors.flagsNotSupported();
    }
    const aliases = splitAliases([...(params.alias?.add ?? []), ...(params.alias?.set ?? [])]);
    return withAliasLock(this.locks, aliases, () => this.update(request, actorOf(auth) as LoggedInActor));
  }

  private async update(request: ServiceRequest<UpdateBugsParams>, actor: LoggedInActor): Promise<UpdateBugsResult> {
    const { params } = request;
    const docs = await this.finder.findAll(request, actor, refsOf(params.id, params.ids));
    const ids = [...new Set(docs.map((doc) => doc.id))];
    const bugs = await Promise.all(ids.map((id) => this.load(id)));
    const existing = bugs.filter((bug): bug is ExistingBug => bug !== null);
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
    // every bug's decision must be accepted before the first append
    for (const bug of existing) {
      const decided = bugDecider.decide(commandFor(bug), bug);
      if (isDomainError(decided)) throw decided;
    }
    if (mayComment) await this.comments.assertReady(request);
    const context = this.commands.context(request);
    const results: UpdatedBugWire[] = [];
    const written: Array<{ stream: string; position: GlobalPosition | null }> = [];
    const links = new LinkedChanges();
    let commentsChanged = false;
    for (const bug of existing) {
      const { before, result } = await this.appendDecided(bugStream(bug.bugId), commandFor(bug), context);
      written.push({ stream: bugStream(bug.bugId), position: result.position });
      commentsChanged ||= result.events.some((event) => event.type !== 'BugUpdated');
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
    return { bugs: results };
  }

  private async load(bugId: number): Promise<ExistingBug | null> {
    const { state } = await this.commands.load(bugDecider, bugStream(bugId));
    return state.exists ? state : null;
  }

  /** Appends on fresh state, remembering the state the accepted decision was made on. */
  private async appendDecided(stream: string, command: UpdateBug, context: CommandContext) {
    let before: BugState = bugDecider.initialState();
    const capturing = {
      ...bugDecider,
      decide: (cmd: typeof command, state: BugState) => {
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

function responseOf(bug: ExistingBug, before: BugState, events: readonly BugEvent[], changedAt: string): UpdatedBugWire {
  const updated = events.find((event) => event.type === 'BugUpdated');
  const from = before.exists ? before : bug;
  const changes = updated?.type === 'BugUpdated' ? formatChanges(from.fields, updated.data.changes, true) : [];
  const after = updated?.type === 'BugUpdated' ? (bugDecider.evolve(from, updated) as ExistingBug) : from;
  return {
    id: bug.bugId,
    alias: after.fields.alias,
    last_change_time: formatDateTime(changedAt),
    changes: Object.fromEntries(changes.map((change) => [change.field, { added: change.added, removed: change.removed }])),
  };
}
