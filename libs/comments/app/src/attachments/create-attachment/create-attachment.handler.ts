import { Inject } from '@nestjs/common';
import {
  type AttachmentClaim,
  CommonErrors,
  CREATE_ATTACHMENT_SUBJECT,
  type CreateAttachmentParams,
  type CreateAttachmentResult,
  isDomainError,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { BugsClient, toBugRef } from '../../collaborators/bugs.client';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../../comments.options';
import { AttachmentQueries } from '../../read-model/attachment.queries';
import { BlobPromotion, isClaimableKey, type Promoted } from '../blobs/blob-promotion';
import { checkMarkdown, checkNewAttachment } from './new-attachment.rules';

/**
 * POST /rest/bug/{id}/attachment (docs/attachments.md §1.1, §2, §6.3). The gateway has
 * streamed `data` into the blob store (a staging object, or the bytes' content key) and hands
 * over its claim. Checks in Bugzilla's order (login, data, bugs and edit rights, the
 * attachment's own fields) while the bytes are put in place under the blob lock, then has the
 * bugs service decide and append per bug (obsoletes, flags, comment) and waits until this read
 * model shows every write. Whatever is refused, the staging object goes; bytes at their
 * content key stay for the sweeper.
 */
@MessageHandler(CREATE_ATTACHMENT_SUBJECT)
export class CreateAttachmentHandler {
  constructor(
    private readonly bugs: BugsClient,
    private readonly blobs: BlobPromotion,
    private readonly queries: AttachmentQueries,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<CreateAttachmentParams>): Promise<CreateAttachmentResult> {
    const claim = request.params.data_claim;
    const stored = claim?.stagingKey ? { ...claim, stagingKey: claim.stagingKey } : undefined;
    if (stored && !isClaimableKey(stored)) throw CommonErrors.internal(request.correlationId);
    // an anonymous caller, or no bytes stored: refused by the checks before the store is touched
    if (!stored || !isLoggedIn(request.auth)) {
      try {
        await this.check(request, claim);
      } finally {
        await this.blobs.abandon(claim, request);
      }
      // checks that pass with no bytes stored: the gateway kept none of an upload it should have (never expected)
      throw CommonErrors.internal(request.correlationId);
    }
    return this.blobs.withPromoted(
      stored,
      request,
      () => this.check(request, claim),
      (checked, promoted) => this.add(request, checked, promoted),
    );
  }

  private async check(request: ServiceRequest<CreateAttachmentParams>, claim: AttachmentClaim | undefined) {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw CommonErrors.loginRequired();
    if (!claim) throw CommonErrors.paramRequired('data');
    const bugs = await this.bugs.visibleBugs([params.id, ...(params.ids ?? [])].map(toBugRef), request);
    const refusal = bugs.find((bug) => bug.editError)?.editError;
    if (refusal) throw refusal;
    const attachment = checkNewAttachment(params, claim, auth, this.options);
    if (isDomainError(attachment)) throw attachment;
    const isMarkdown = checkMarkdown(params, this.options);
    if (isDomainError(isMarkdown)) throw isMarkdown;
    const bugIds = [...new Set(bugs.map((bug) => bug.bugId))];
    return { bugIds, attachment, isMarkdown };
  }

  private async add(
    request: ServiceRequest<CreateAttachmentParams>,
    checked: Awaited<ReturnType<CreateAttachmentHandler['check']>>,
    promoted: Promoted,
  ): Promise<CreateAttachmentResult> {
    const { params } = request;
    const obsoletes = params.obsoletes ?? [];
    const known = await this.queries.byIds(obsoletes.filter((id) => /^\s*\d+\s*$/.test(id)).map(Number));
    this.readModel.assertWritable();
    const added = await this.bugs.addAttachment(
      {
        bugIds: checked.bugIds,
        attachment: checked.attachment,
        blob: { sha256: promoted.sha256, size: promoted.size },
        comment: { body: params.comment?.body ?? '', isMarkdown: checked.isMarkdown },
        obsoletes,
        obsoleteOwners: Object.fromEntries(known.map((row) => [String(row.id), row.bugId])),
        flags: params.flags ?? [],
        bugFlags: params.bug_flags ?? [],
      },
      request,
    );
    for (const written of added.written) await this.readModel.waitFor(written.stream, BigInt(written.position), request.correlationId);
    return { ids: added.created.map((entry) => entry.attachmentId) };
  }
}
