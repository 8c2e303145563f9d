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
import { requireExistedThen } from '../../get-comments/comments-as-of';
import { blobRefOf, toAttachmentObject } from '../attachment.view';
import { AttachmentsAsOf } from './attachments-as-of';

/**
 * GET /rest/bug/{id}/attachment and GET /rest/bug/attachment/{attachment_id}
 * (docs/attachments.md §1.2): the bugs in order (their first refusal answers), then the
 * bugs of the attachments asked by id (102), then their privacy (304 unless insider or
 * creator). Lists leave out private attachments the caller may not see; unknown ids are left
 * out. Bytes never pass here: with `data` wanted the answer names each blob for the gateway.
 * With `as_of`, the metadata as it was then (AttachmentsAsOf, docs/as-of.md).
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
    const access = await this.bugs.access([...bugRefs, ...new Set(found.map((row) => row.bugId))], request, params.as_of);
    const bugIds = [...new Set(visibleOrThrow(access.slice(0, bugRefs.length)))];
    if (params.as_of !== undefined) requireExistedThen(access.slice(0, bugRefs.length));
    visibleOrThrow(access.slice(bugRefs.length));
    const insider = hasPermission(auth, 'insider');
    const mayRead = (row: AttachmentRow): boolean => !row.isPrivate || insider || row.creatorId === auth.userId;
    const then = params.as_of === undefined ? null : AttachmentsAsOf.of(access);
    const byId = then ? then.requireReadable(found, mayRead) : requireReadable(found, mayRead);

    const current = await this.queries.ofBugs(bugIds, auth.userId, insider);
    const listed = then ? then.rows(current, mayRead) : current;
    const bugs: Record<string, AttachmentObject[]> = Object.fromEntries(bugIds.map((id) => [String(id), []]));
    for (const row of listed) bugs[row.bugId]?.push(toAttachmentObject(row));
    const attachments = Object.fromEntries(byId.map((row) => [String(row.id), toAttachmentObject(row)]));
    if (!new FieldFilter(request.fields).wants('data')) return { bugs, attachments };
    const blobs = Object.fromEntries([...listed, ...byId].map((row) => [String(row.id), blobRefOf(row)]));
    return { bugs, attachments, blobs };
  }
}

/** The attachments asked for by id; the first the caller may not read is 304. */
function requireReadable(rows: readonly AttachmentRow[], mayRead: (row: AttachmentRow) => boolean): readonly AttachmentRow[] {
  const secret = rows.find((row) => !mayRead(row));
  if (secret) throw AttachmentErrors.accessDenied(secret.id);
  return rows;
}

/** Bugzilla's Bug->check for each reference in order: the first refusal is the answer. */
function visibleOrThrow(entries: readonly BugAccessEntry[]): number[] {
  return entries.map((entry) => {
    if (entry.error) throw new DomainError(entry.error);
    if (entry.bugId === null) throw CommentErrors.bugDoesNotExist(entry.ref);
    return entry.bugId;
  });
}
