import { z } from 'zod';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `GET /rest/bug/{id_or_alias}/comment` and `GET /rest/bug/comment/{comment_id}`: the
 * comments of bugs (by id or alias, `new_since` strictly after) and single comments by id.
 * Comment ids stay text here: a non-numeric one is Bugzilla's 111, not a parameter error.
 * `as_of` (a Tracker extension, docs/as-of.md): the comments as they were at that instant.
 * Result: CommentsResult.
 */
export const GET_COMMENTS_SUBJECT = 'comments.get';

export const getCommentsParams = z.object({
  id: param.optional(param.string()),
  ids: param.optional(param.list(param.string())),
  comment_id: param.optional(param.string()),
  comment_ids: param.optional(param.list(param.string())),
  new_since: param.optional(param.datetime()),
  as_of: param.optional(param.datetime()),
});

export type GetCommentsParams = WithOptionalKeys<z.infer<typeof getCommentsParams>>;
