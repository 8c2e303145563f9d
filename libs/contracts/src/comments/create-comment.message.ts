import { z } from 'zod';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `POST /rest/bug/{id}/comment`: one comment on the bug of the path and on every bug of
 * `ids` (R5). `comment` stays optional in the schema so that the login check (410) comes
 * first and a missing or blank comment gets Bugzilla's own 50 message. `private` is the
 * pre-3.6 spelling of `is_private`. Result: `{id}` of the comment on the first bug.
 */
export const CREATE_COMMENT_SUBJECT = 'comments.create';

export const createCommentParams = z.object({
  id: param.string(),
  ids: param.optional(param.list(param.string())),
  comment: param.optional(param.string()),
  comment_tags: param.optional(param.list(param.optional(param.string()))),
  is_private: param.optional(param.bool()),
  private: param.optional(param.bool()),
  is_markdown: param.optional(param.bool()),
  work_time: param.optional(param.double()),
});

export type CreateCommentParams = WithOptionalKeys<z.infer<typeof createCommentParams>>;

export interface CreateCommentResult {
  readonly id: number;
}
