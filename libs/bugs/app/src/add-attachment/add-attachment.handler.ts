import {
  ADD_ATTACHMENT_SUBJECT,
  type AddAttachmentParams,
  type AddAttachmentResult,
  bugStream,
  isDomainError,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import {
  type AddAttachment,
  actorOf,
  addAttachmentFlagGroups,
  BugErrors,
  bugDecider,
  type ExistingBug,
  type LoggedInActor,
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

/**
 * `bugs.attachments.add`: the comments service hands over a new attachment (fields checked
 * with the shared rules, bytes already in the blob store) for one or more bugs. Every bug is
 * loaded, its `flags` and `bug_flags` decided by the flags service in one call for all bugs,
 * and decided in full (visible, editable, fields, `obsoletes`, flags, comment) before the
 * first append; then bug by bug: AttachmentCreated, AttachmentUpdated* (obsoleted),
 * FlagsChanged*, BugUpdated? (requestees join CC), CommentAdded. Answers once the bugs read
 * model (and the flags one, when flags changed) shows them, with the positions the comments
 * service waits for.
 */
@MessageHandler(ADD_ATTACHMENT_SUBJECT)
export class AddAttachmentHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
    private readonly flagDecisions: FlagDecisions,
    private readonly flags: FlagsClient,
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
    const bugs = await loadExisting(
      this.commands,
      unique.map((doc) => doc.id),
    );
    const drawn = new Map<number, { attachmentId: number; commentId: number }>();
    const commandFor = (bug: ExistingBug): AddAttachment => ({
      kind: 'AddAttachment',
      actor,
      attachmentId: drawn.get(bug.bugId)?.attachmentId ?? 0,
      commentId: drawn.get(bug.bugId)?.commentId ?? 0,
      attachment: params.attachment,
      blob: params.blob,
      comment: params.comment,
      obsoletes: params.obsoletes,
      obsoleteOwners: params.obsoleteOwners,
      rules,
      flagInputs: { attachment: params.flags, bug: params.bugFlags },
    });
    // refused fields spend no ids (Bugzilla numbers attachments without gaps): each bug's attachment is decided with
    // ids 0 before they are drawn. Not with flags: a flag's refusal precedes the comment's checks, and only the
    // decision with the flags service's outcome, which names the attachment, knows which comes first
    if (params.flags.length === 0 && params.bugFlags.length === 0) {
      for (const { bug } of bugs) {
        const refusal = bugDecider.decide(commandFor(bug), bug);
        if (isDomainError(refusal)) throw refusal;
      }
    }
    for (const { bug } of bugs) {
      const [attachmentId, commentId] = await this.ids.nextOfEach('attachment_ids', 'comment_ids');
      drawn.set(bug.bugId, { attachmentId, commentId });
    }
    const builders = await this.flagDecisions.updateBuilders(request, bugs, commandFor, addAttachmentFlagGroups);
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
    return {
      created: bugs.map(({ bug }) => ({ bugId: bug.bugId, attachmentId: drawn.get(bug.bugId)?.attachmentId ?? 0 })),
      written: positionsOf(written),
    };
  }
}
