import {
  AttachmentErrors,
  type AttachmentObject,
  type AttachmentsResult,
  type BugAccessEntry,
  DomainError,
  GET_ATTACHMENTS_SUBJECT,
  type GetAttachmentsParams,
  hasPermission,
  type ServiceRequest,
} from '@tracker/contracts';
import { CommentErrors } from '@tracker/comments/domain';
import { FieldFilter } from '@tracker/field-filter';
import { MessageHandler } from '@tracker/platform/messaging';
import { BugsClient, toBugRef } from '../../collaborators/bugs.client';
import { AttachmentQueries, type AttachmentRow } from '../../read-model/attachment.queries';
import { blobRefOf, toAttachmentObject } from '../attachment.view';

/**
 * GET /rest/bug/{id}/attachment and GET /rest/bug/attachment/{attachment_id}
 * (docs/attachments.md §1.2): the bugs in order (their first refusal answers), then the
 * bugs of the attachments asked by id (102), then their privacy (304 unless insider or
 * creator). Lists leave out private attachments the caller may not see; unknown ids are left
 * out. Bytes never pass here: with `data` wanted the answer names each blob for the gateway.
 */
@MessageHandler(GET_ATTACHMENTS_SUBJECT)
export class GetAttachmentsHandler {
  constructor(
    private readonly bugs: BugsClient,
    private readonly queries: AttachmentQueries,
  ) {}

  async handle(request: ServiceRequest<GetAttachmentsParams>): Promise<AttachmentsResult> {
    const { params, auth } = request;
    const bugRefs = [...(params.id === undefined ? [] : [params.id]), ...(params.ids ?? [])].map(toBugRef);
    const attachmentIds = [...(params.attachment_id === undefined ? [] : [params.attachment_id]), ...(params.attachment_ids ?? [])];
    if (bugRefs.length === 0 && attachmentIds.length === 0)
      throw CommentErrors.paramsRequired('Bug.attachments', ['ids', 'attachment_ids']);

    const found = await this.queries.byIds(attachmentIds);
    const access = await this.bugs.access([...bugRefs, ...new Set(found.map((row) => row.bugId))], request);
    const bugIds = [...new Set(visibleOrThrow(access.slice(0, bugRefs.length)))];
    visibleOrThrow(access.slice(bugRefs.length));
    const insider = hasPermission(auth, 'insider');
    const mayRead = (row: AttachmentRow): boolean => !row.isPrivate || insider || row.creatorId === auth.userId;
    const secret = found.find((row) => !mayRead(row));
    if (secret) throw AttachmentErrors.accessDenied(secret.id);

    const listed = await this.queries.ofBugs(bugIds, auth.userId, insider);
    const bugs: Record<string, AttachmentObject[]> = Object.fromEntries(bugIds.map((id) => [String(id), []]));
    for (const row of listed) bugs[row.bugId]?.push(toAttachmentObject(row));
    const attachments = Object.fromEntries(found.map((row) => [String(row.id), toAttachmentObject(row)]));
    if (!new FieldFilter(request.fields).wants('data')) return { bugs, attachments };
    const blobs = Object.fromEntries([...listed, ...found].map((row) => [String(row.id), blobRefOf(row)]));
    return { bugs, attachments, blobs };
  }
}

/** Bugzilla's Bug->check for each reference in order: the first refusal is the answer. */
function visibleOrThrow(entries: readonly BugAccessEntry[]): number[] {
  return entries.map((entry) => {
    if (entry.error) throw new DomainError(entry.error);
    if (entry.bugId === null) throw CommentErrors.bugDoesNotExist(entry.ref);
    return entry.bugId;
  });
}
