import {
  AttachmentErrors,
  BUG_UPDATE_ATTACHMENTS_SUBJECT,
  type BugUpdateAttachmentsParams,
  type BugUpdateAttachmentsResult,
  bugStream,
  isLoggedIn,
  type BugEvent,
  type ServiceRequest,
} from '@tracker/contracts';
import {
  actorOf,
  attachmentReplyChanges,
  BugErrors,
  bugDecider,
  type ExistingBug,
  flagRows,
  flagsChangeTouchesBug,
  type LoggedInActor,
  type UpdateAttachments,
  updateAttachmentsFlagGroups,
} from '@tracker/bugs/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import { BugFinder } from '../access/bug-finder';
import type { BugSequence } from '../bugs.sequences';
import { CatalogClient } from '../collaborators/catalog.client';
import { FlagsClient } from '../collaborators/flags.client';
import { FlagDecisions, flagsWritten } from '../flags/flag-decisions';
import { builderOf, loadExisting, positionsOf, type WrittenBug } from '../flags/flag-writes';

type Changes = Record<string, { removed: string; added: string }>;

/**
 * `bugs.attachments.update`: the same changes to attachments of one or more bugs, all or
 * nothing: the flags service decides `flags` (per attachment) and `bug_flags` (per bug) for
 * every bug in one call, then every bug's attachments are decided (flags, rights, fields,
 * comment) before the first append. Answers the reply's `changes` per attachment (from the
 * events, as history shows them, `flagtypes.name` included) and the positions the comments
 * service waits for, once the bugs read model (and the flags one, when flags changed) shows them.
 */
@MessageHandler(BUG_UPDATE_ATTACHMENTS_SUBJECT)
export class UpdateAttachmentsHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
    private readonly flagDecisions: FlagDecisions,
    private readonly flags: FlagsClient,
  ) {}

  async handle(request: ServiceRequest<BugUpdateAttachmentsParams>): Promise<BugUpdateAttachmentsResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const actor = actorOf(auth) as LoggedInActor;
    const bugIds = [...new Set(params.targets.map((target) => target.bugId))];
    const found = await this.finder.find(request, actor, bugIds.map(String));
    const hidden = found.findIndex((entry) => entry.error !== null);
    if (hidden >= 0) throw AttachmentErrors.bugEditDenied(bugIds[hidden] ?? 0);
    const docs = found.flatMap((entry) => (entry.doc ? [entry.doc] : []));
    const rules = await this.catalog.rules(request, { productIds: [...new Set(docs.map((doc) => doc.fields.product.id))] });

    const bugs = await loadExisting(this.commands, bugIds);
    const commentIds = new Map<number, number[]>();
    const attachmentsOf = (bugId: number) => params.targets.filter((target) => target.bugId === bugId).map((target) => target.attachmentId);
    for (const { bug } of bugs) {
      const ids = params.comment === null ? [] : await Promise.all(attachmentsOf(bug.bugId).map(() => this.ids.next('comment_ids')));
      commentIds.set(bug.bugId, ids);
    }
    const commandFor = (bug: ExistingBug): UpdateAttachments => ({
      kind: 'UpdateAttachments',
      actor,
      attachmentIds: attachmentsOf(bug.bugId),
      changes: params.changes,
      comment: params.comment,
      commentIds: commentIds.get(bug.bugId) ?? [],
      rules,
      flagInputs: { attachment: params.flags, bug: params.bugFlags },
    });
    const builders = await this.flagDecisions.updateBuilders(request, bugs, commandFor, (command, before) =>
      before ? updateAttachmentsFlagGroups(command, before) : [],
    );
    // every bug is decided, flags included, before the first append
    for (const { bug } of bugs) await this.commands.check(bugDecider, bugStream(bug.bugId), builderOf(builders, bug.bugId));

    const context = this.commands.context(request);
    const written: WrittenBug[] = [];
    for (const { bug } of bugs) {
      const stream = bugStream(bug.bugId);
      const result = await this.commands.append(bugDecider, stream, builderOf(builders, bug.bugId), context);
      written.push({ stream, position: result.position, events: result.events });
    }
    await this.commands.visible(written, request.correlationId);
    const flags = flagsWritten(written);
    if (flags) await this.flags.sync(request, flags.stream, flags.position);
    const changes = replyChanges(written.flatMap((entry) => entry.events));
    return {
      attachments: params.targets.map(({ attachmentId }) => ({
        id: attachmentId,
        changedAt: changes.has(attachmentId) ? context.occurredAt.toISOString() : null,
        changes: changes.get(attachmentId) ?? {},
      })),
      written: positionsOf(written),
    };
  }
}

/** Per attachment that changed (a field, or one of its flags), its `changes` as the reply names them. */
function replyChanges(events: readonly BugEvent[]): Map<number, Changes> {
  const changes = new Map<number, Changes>();
  for (const event of events) {
    if (event.type === 'AttachmentUpdated') {
      const id = event.data.attachmentId;
      changes.set(id, { ...changes.get(id), ...attachmentReplyChanges(event.data) });
    }
    if (event.type === 'FlagsChanged' && event.data.attachmentId !== null && flagsChangeTouchesBug(event.data)) {
      const id = event.data.attachmentId;
      const rows = Object.fromEntries(flagRows(event.data).map((row) => [row.field, { removed: row.removed, added: row.added }]));
      changes.set(id, { ...changes.get(id), ...rows });
    }
  }
  return changes;
}
