import { z } from 'zod';
import * as param from '../params/param-types';
import { optionalStrings } from './bug-params';

/**
 * `PUT /rest/bug/{id_or_alias}/tags` (Bug.update_tags): the caller's personal tags of the
 * bug, `add` and `remove` at the top level or inside `tags` as Bugzilla's JSON-RPC call
 * takes them. Result: `{changes: {<id>: {tags: {added, removed}}}}`.
 */
export const UPDATE_TAGS_SUBJECT = 'bugs.tags.update';

export const updateTagsParams = z.object({
  id: param.string(),
  ids: param.optional(param.list(param.string())),
  add: optionalStrings(),
  remove: optionalStrings(),
  tags: param.optional(z.object({ add: optionalStrings(), remove: optionalStrings() })),
});
export type UpdateTagsParams = z.infer<typeof updateTagsParams>;

export interface UpdateTagsResult {
  readonly changes: Readonly<Record<string, { readonly tags: { readonly added: readonly string[]; readonly removed: readonly string[] } }>>;
}
