import {
  ATTACHMENT_CLAIM_PARAM,
  type AttachmentObject,
  type AttachmentsResult,
  CREATE_ATTACHMENT_SUBJECT,
  createAttachmentParams,
  type FieldSelection,
  GET_ATTACHMENTS_SUBJECT,
  getAttachmentsParams,
  UPDATE_ATTACHMENTS_SUBJECT,
  updateAttachmentsParams,
} from '@tracker/contracts';
import { FieldFilter, filterObject, type ObjectShape } from '@tracker/field-filter';
import { attachmentFlagsComposer } from '../composition/attachment-flags.composer';
import type { BlobRef } from '../downloads/blob-etag';
import type { Route, RouteBlobs } from '../routing/route';

/**
 * The attachment routes (docs/attachments.md §1), answered by the comments service. The
 * create route is an upload route: `data` is streamed into the blob store and comments gets
 * the claim. Reads filter the top-level fields of each attachment (`creator_detail` follows
 * `creator`, as a bug's user details do), the `bugs`/`attachments` envelope always stays,
 * and `data` is streamed from the blob store into the response when wanted (comments then
 * names each attachment's blob; with `exclude_fields=data` it names none and the store is
 * never read). `flags` are composed from the flags service, one `flags.of` per response,
 * not asked when `flags` is filtered out.
 */
const USER_DETAIL: ObjectShape = {};
const ATTACHMENT_SHAPE: ObjectShape = { companions: { creator_detail: 'creator' }, nested: { creator_detail: USER_DETAIL } };

type Attachment = Partial<AttachmentObject> & { readonly id?: number };
type Envelope = Pick<AttachmentsResult, 'bugs' | 'attachments'>;

function eachAttachment(result: Envelope, change: (attachment: Attachment) => Attachment): Envelope {
  return {
    bugs: Object.fromEntries(Object.entries(result.bugs).map(([id, list]) => [id, list.map(change)])),
    attachments: Object.fromEntries(Object.entries(result.attachments).map(([id, attachment]) => [id, change(attachment)])),
  } as Envelope;
}

function filterAttachments(result: unknown, fields: FieldSelection): unknown {
  if (fields.include.length === 0 && fields.exclude.length === 0) return result;
  const filter = new FieldFilter(fields);
  return eachAttachment(result as Envelope, (attachment) => filterObject({ ...attachment }, ATTACHMENT_SHAPE, filter));
}

const attachmentBlobs: RouteBlobs = {
  take(result) {
    const { blobs, ...rest } = result as AttachmentsResult;
    return { result: rest, blobs };
  },
  place(result, blobs, fields, data) {
    if (!new FieldFilter(fields).wants('data')) return result;
    return eachAttachment(result as Envelope, (attachment) => {
      const blob = attachment.id === undefined ? undefined : blobs[String(attachment.id)];
      return blob ? { ...attachment, data: data({ ...blob, owner: `attachment ${attachment.id}` } satisfies BlobRef) } : attachment;
    });
  },
};

const target = (subject: string): Route['target'] => ({ kind: 'message', subject });

export const attachmentsRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/bug/:id/attachment',
    target: target(CREATE_ATTACHMENT_SUBJECT),
    params: createAttachmentParams,
    successStatus: 201,
    upload: { field: 'data', claimParam: ATTACHMENT_CLAIM_PARAM },
  },
  {
    method: 'GET',
    path: '/bug/:id/attachment',
    target: target(GET_ATTACHMENTS_SUBJECT),
    params: getAttachmentsParams,
    compose: [attachmentFlagsComposer],
    filterResponse: filterAttachments,
    blobs: attachmentBlobs,
  },
  {
    method: 'GET',
    path: '/bug/attachment/:attachment_id',
    target: target(GET_ATTACHMENTS_SUBJECT),
    params: getAttachmentsParams,
    compose: [attachmentFlagsComposer],
    filterResponse: filterAttachments,
    blobs: attachmentBlobs,
  },
  { method: 'PUT', path: '/bug/attachment/:attachment_id', target: target(UPDATE_ATTACHMENTS_SUBJECT), params: updateAttachmentsParams },
];
