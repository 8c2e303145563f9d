import { z } from 'zod';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `PUT /rest/bug/comment/{comment_id}/tags`: adds then removes tags; answers the
 * comment's tags afterwards, sorted (a bare array). `null` entries are skipped, as
 * Bugzilla skips undefined ones; the comment id stays text so that a non-numeric one is
 * Bugzilla's 57.
 */
export const UPDATE_COMMENT_TAGS_SUBJECT = 'comments.tags.update';

export const updateCommentTagsParams = z.object({
  comment_id: param.optional(param.string()),
  add: param.optional(param.list(param.optional(param.string()))),
  remove: param.optional(param.list(param.optional(param.string()))),
});

export type UpdateCommentTagsParams = WithOptionalKeys<z.infer<typeof updateCommentTagsParams>>;
