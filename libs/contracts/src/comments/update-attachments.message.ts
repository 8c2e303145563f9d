import { z } from 'zod';
import { flagInputs } from '../flags/flag-input';
import { param } from '../params';
import { attachmentCommentParam } from './create-attachment.message';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `PUT /rest/bug/attachment/{attachment_id}` (docs/attachments.md §1.3): the attachment of
 * the path and those of `ids`, all or nothing. Other keys are ignored. Result:
 * UpdateAttachmentsResult (`{attachments: [{id, last_change_time, changes}]}`).
 */
export const UPDATE_ATTACHMENTS_SUBJECT = 'comments.attachments.update';

export const updateAttachmentsParams = z.object({
  attachment_id: param.int(),
  ids: param.optional(param.list(param.int())),
  file_name: param.optional(param.string()),
  summary: param.optional(param.string()),
  content_type: param.optional(param.string()),
  is_patch: param.optional(param.bool()),
  is_private: param.optional(param.bool()),
  is_obsolete: param.optional(param.bool()),
  comment: param.optional(attachmentCommentParam),
  is_markdown: param.optional(param.bool()),
  flags: param.optional(flagInputs),
  bug_flags: param.optional(flagInputs),
});

export type UpdateAttachmentsParams = WithOptionalKeys<z.infer<typeof updateAttachmentsParams>>;
