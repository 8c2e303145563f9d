import { z } from 'zod';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `GET /rest/bug/comment/tags/{query}`: tags containing `query` (case-insensitive), most
 * used first, at most `limit` (0 or absent: 10, the contract's default). Result: an array.
 */
export const SEARCH_COMMENT_TAGS_SUBJECT = 'comments.tags.search';

export const DEFAULT_COMMENT_TAG_SEARCH_LIMIT = 10;

export const searchCommentTagsParams = z.object({
  query: param.optional(param.string()),
  limit: param.optional(param.int()),
});

export type SearchCommentTagsParams = WithOptionalKeys<z.infer<typeof searchCommentTagsParams>>;
