import { Inject } from '@nestjs/common';
import {
  AttachmentErrors,
  type AttachmentMutableFields,
  CommonErrors,
  isBlankComment,
  isDomainError,
  isLoggedIn,
  type ServiceRequest,
  UPDATE_ATTACHMENTS_SUBJECT,
  type UpdateAttachmentsParams,
  type UpdateAttachmentsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { BugsClient } from '../../collaborators/bugs.client';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../../comments.options';
import { AttachmentQueries } from '../../read-model/attachment.queries';
import { checkMarkdown } from '../create-attachment/new-attachment.rules';

/**
 * PUT /rest/bug/attachment/{attachment_id} (docs/attachments.md §1.3, §2 update): login,
 * then per attachment in order that it exists and its bug is visible and editable (32000),
 * `is_markdown` (140); the bugs service decides rights and fields and appends, all or
 * nothing. `last_change_time` is read back from this read model, so a no-op or a comment
 * alone keeps the attachment's previous one.
 */
@MessageHandler(UPDATE_ATTACHMENTS_SUBJECT)
export class UpdateAttachmentsHandler {
  constructor(
    private readonly bugs: BugsClient,
    private readonly queries: AttachmentQueries,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<UpdateAttachmentsParams>): Promise<UpdateAttachmentsResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw CommonErrors.loginRequired();
    const ids = [...new Set([params.attachment_id, ...(params.ids ?? [])])];
    const rows = await this.queries.byIds(ids);
    const access = await this.bugs.access([...new Set(rows.map((row) => row.bugId))], request);
    const targets = ids.map((id) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw AttachmentErrors.invalidId(id);
      const entry = access.find((candidate) => candidate.bugId === row.bugId);
      if (!entry || entry.error !== null || !entry.canEdit) throw AttachmentErrors.bugEditDenied(row.bugId);
      return { attachmentId: id, bugId: row.bugId };
    });
    const isMarkdown = checkMarkdown(params, this.options);
    if (isDomainError(isMarkdown)) throw isMarkdown;
    const body = params.comment?.body ?? '';

    this.readModel.assertWritable();
    const updated = await this.bugs.updateAttachments(
      {
        targets,
        changes: changesOf(params),
        comment: isBlankComment(body) ? null : { body, isMarkdown },
        flags: params.flags ?? [],
        bugFlags: params.bug_flags ?? [],
      },
      request,
    );
    for (const written of updated.written) await this.readModel.waitFor(written.stream, BigInt(written.position), request.correlationId);
    const after = await this.queries.byIds(ids);
    return {
      attachments: updated.attachments.map((entry) => ({
        id: entry.id,
        last_change_time: after.find((row) => row.id === entry.id)?.lastChangeTime ?? '',
        changes: entry.changes,
      })),
    };
  }
}

function changesOf(params: UpdateAttachmentsParams): Partial<AttachmentMutableFields> {
  const given: Partial<Record<keyof AttachmentMutableFields, unknown>> = {
    fileName: params.file_name,
    summary: params.summary,
    contentType: params.content_type,
    isPatch: params.is_patch,
    isPrivate: params.is_private,
    isObsolete: params.is_obsolete,
  };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}
