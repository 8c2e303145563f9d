import { z } from 'zod';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `GET /rest/bug/{id}/attachment` and `GET /rest/bug/attachment/{attachment_id}`
 * (docs/attachments.md §1.2): the attachments of bugs (`id`, `ids`: ids or aliases) and
 * attachments by id (`attachment_id`, `attachment_ids`: integers, else 52). Result:
 * AttachmentsResult; `blobs` only when the caller's field selection wants `data`. `as_of`
 * (a Tracker extension, docs/as-of.md): the attachments' metadata as it was at that instant.
 */
export const GET_ATTACHMENTS_SUBJECT = 'comments.attachments.get';

export const getAttachmentsParams = z.object({
  id: param.optional(param.string()),
  ids: param.optional(param.list(param.string())),
  attachment_id: param.optional(param.int()),
  attachment_ids: param.optional(param.list(param.int())),
  as_of: param.optional(param.datetime()),
});

export type GetAttachmentsParams = WithOptionalKeys<z.infer<typeof getAttachmentsParams>>;
