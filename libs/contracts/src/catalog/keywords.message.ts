import { z } from 'zod';
import * as param from '../params/param-types';
import type { ChangedObject } from './common';

/**
 * Keywords are read as the values of `GET /rest/field/bug/keywords`. Tracker extensions
 * (editkeywords; Bugzilla has no REST call for them): `POST /rest/keyword {name,
 * description}` → `{id}`; `PUT /rest/keyword/{id_or_name} {name, description}` →
 * `{keywords: [{id, changes}]}`.
 */
export const CREATE_KEYWORD_SUBJECT = 'catalog.keywords.create';
export const UPDATE_KEYWORD_SUBJECT = 'catalog.keywords.update';

export const createKeywordParams = z.object({
  name: param.optional(param.string()),
  description: param.optional(param.string()),
});
export type CreateKeywordParams = z.infer<typeof createKeywordParams>;

export const updateKeywordParams = createKeywordParams.extend({ id_or_name: param.string() });
export type UpdateKeywordParams = z.infer<typeof updateKeywordParams>;

export interface UpdateKeywordsResult {
  readonly keywords: readonly ChangedObject[];
}
