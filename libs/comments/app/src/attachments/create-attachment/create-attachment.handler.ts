import { Inject } from '@nestjs/common';
import {
  ATTACHMENT_STAGING_PREFIX,
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
import { BlobPromotion, type Promoted } from '../blobs/blob-promotion';
import { checkMarkdown, checkNewAttachment } from './new-attachment.rules';

/**
 * POST /rest/bug/{id}/attachment (docs/attachments.md §1.1, §2, §6.3). The gateway has
 * streamed `data` into a staging object and hands over its claim. Checks in Bugzilla's
 * order (login, data, bugs and edit rights, the attachment's own fields), meanwhile copying
 * new bytes to their content object; promotes them under the blob lock, then has the bugs
 * service decide and append per bug (obsoletes, flags, comment) and waits until this read
 * model shows every write. Whatever is refused, the staging object goes, and a content object
 * this upload created and nothing names too.
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
    const stagingKey = claim?.stagingKey ?? null;
    if (stagingKey !== null && !stagingKey.startsWith(ATTACHMENT_STAGING_PREFIX)) throw CommonErrors.internal(request.correlationId);
    let promoting = false;
    // the store is asked what it holds, and new bytes copied to their content key, while the
    // request is checked (a refusal discards that copy); not for an anonymous caller, refused first
    const probed = claim && stagingKey !== null && isLoggedIn(request.auth) ? this.blobs.probe({ ...claim, stagingKey }) : undefined;
    probed?.catch(() => undefined);
    try {
      const checked = await this.check(request, claim);
      promoting = true;
      return await this.blobs.withPromoted(checked.claim, request, (promoted) => this.add(request, checked, promoted), probed);
    } catch (error) {
      if (!promoting) await this.blobs.abandon(stagingKey, claim?.sha256, probed);
      throw error;
    }
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
    if (claim.stagingKey === null) throw CommonErrors.internal(request.correlationId);
    const bugIds = [...new Set(bugs.map((bug) => bug.bugId))];
    return { claim: { ...claim, stagingKey: claim.stagingKey }, bugIds, attachment, isMarkdown };
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
