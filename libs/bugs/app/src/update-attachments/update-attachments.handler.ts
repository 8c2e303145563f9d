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
import { actorOf, attachmentReplyChanges, BugErrors, bugDecider, type LoggedInActor, type UpdateAttachments } from '@tracker/bugs/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import { BugFinder } from '../access/bug-finder';
import type { BugSequence } from '../bugs.sequences';
import { CatalogClient } from '../collaborators/catalog.client';

/**
 * `bugs.attachments.update`: the same changes to attachments of one or more bugs, all or
 * nothing: every bug's attachments are decided (rights, fields, comment) before the first
 * append; flags are refused until the flags service decides them. Answers the reply's
 * `changes` per attachment (from the events, as history shows them) and the positions the
 * comments service waits for.
 */
@MessageHandler(BUG_UPDATE_ATTACHMENTS_SUBJECT)
export class UpdateAttachmentsHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
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

    const commands: Array<{ stream: string; command: UpdateAttachments }> = [];
    for (const bugId of bugIds) {
      const attachmentIds = params.targets.filter((target) => target.bugId === bugId).map((target) => target.attachmentId);
      const commentIds = params.comment === null ? [] : await Promise.all(attachmentIds.map(() => this.ids.next('comment_ids')));
      const command: UpdateAttachments = {
        kind: 'UpdateAttachments',
        actor,
        attachmentIds,
        changes: params.changes,
        comment: params.comment,
        commentIds,
        rules,
      };
      await this.commands.check(bugDecider, bugStream(bugId), command);
      commands.push({ stream: bugStream(bugId), command });
    }
    if (params.flags.length > 0 || params.bugFlags.length > 0) throw AttachmentErrors.flagsNotYet();

    const context = this.commands.context(request);
    const written: Array<{ stream: string; position: GlobalPosition | null }> = [];
    const changes = new Map<number, Record<string, { removed: string; added: string }>>();
    for (const { stream, command } of commands) {
      const result = await this.commands.append(bugDecider, stream, command, context);
      written.push({ stream, position: result.position });
      for (const event of result.events satisfies readonly BugEvent[]) {
        if (event.type === 'AttachmentUpdated') changes.set(event.data.attachmentId, attachmentReplyChanges(event.data));
      }
    }
    await this.commands.visible(written, request.correlationId);
    return {
      attachments: params.targets.map(({ attachmentId }) => ({
        id: attachmentId,
        changedAt: changes.has(attachmentId) ? context.occurredAt.toISOString() : null,
        changes: changes.get(attachmentId) ?? {},
      })),
      written: written.flatMap(({ stream, position }) => (position === null ? [] : [{ stream, position: position.toString() }])),
    };
  }
}
