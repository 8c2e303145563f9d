import {
  ADD_ATTACHMENT_SUBJECT,
  type AddAttachmentParams,
  type AddAttachmentResult,
  AttachmentErrors,
  bugStream,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { type AddAttachment, actorOf, BugErrors, bugDecider, type LoggedInActor } from '@tracker/bugs/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import { BugFinder } from '../access/bug-finder';
import type { BugSequence } from '../bugs.sequences';
import { CatalogClient } from '../collaborators/catalog.client';

/**
 * `bugs.attachments.add`: the comments service hands over a new attachment (fields checked
 * with the shared rules, bytes already in the blob store) for one or more bugs. Every bug is
 * decided first (visible, editable, fields, `obsoletes`, comment), then flags (refused until
 * the flags service decides them: docs/attachments.md, owner table), then appended bug by
 * bug: AttachmentCreated, AttachmentUpdated* (obsoleted), CommentAdded. Answers once the bugs
 * read model shows them, with the positions the comments service waits for.
 */
@MessageHandler(ADD_ATTACHMENT_SUBJECT)
export class AddAttachmentHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
  ) {}

  async handle(request: ServiceRequest<AddAttachmentParams>): Promise<AddAttachmentResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const actor = actorOf(auth) as LoggedInActor;
    const docs = await this.finder.findAll(
      request,
      actor,
      params.bugIds.map((ref) => String(ref)),
    );
    const unique = docs.filter((doc, index) => docs.findIndex((other) => other.id === doc.id) === index);
    const rules = await this.catalog.rules(request, { productIds: [...new Set(unique.map((doc) => doc.fields.product.id))] });
    const commands: AddAttachment[] = [];
    for (const doc of unique) {
      const [attachmentId, commentId] = await Promise.all([this.ids.next('attachment_ids'), this.ids.next('comment_ids')]);
      const command: AddAttachment = {
        kind: 'AddAttachment',
        actor,
        attachmentId,
        commentId,
        attachment: params.attachment,
        blob: params.blob,
        comment: params.comment,
        obsoletes: params.obsoletes,
        obsoleteOwners: params.obsoleteOwners,
        rules,
      };
      await this.commands.check(bugDecider, bugStream(doc.id), command);
      commands.push(command);
    }
    if (params.flags.length > 0 || params.bugFlags.length > 0) throw AttachmentErrors.flagsNotYet();

    const context = this.commands.context(request);
    const written: Array<{ stream: string; position: GlobalPosition | null }> = [];
    const created: Array<{ bugId: number; attachmentId: number }> = [];
    for (const [index, command] of commands.entries()) {
      const doc = unique[index];
      if (!doc) continue;
      const stream = bugStream(doc.id);
      const result = await this.commands.append(bugDecider, stream, command, context);
      written.push({ stream, position: result.position });
      created.push({ bugId: doc.id, attachmentId: command.attachmentId });
    }
    await this.commands.visible(written, request.correlationId);
    return {
      created,
      written: written.flatMap(({ stream, position }) => (position === null ? [] : [{ stream, position: position.toString() }])),
    };
  }
}
