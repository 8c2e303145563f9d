import { z } from 'zod';
import * as param from '../params/param-types';

/**
 * Pieces shared by the bug endpoints' parameter schemas. Bugzilla accepts its internal
 * field names besides the API names (`rep_platform`, `short_desc`, ... Bug::FIELD_MAP);
 * they are renamed before validation, the API name winning when both are given.
 */
const INTERNAL_NAMES: Readonly<Record<string, string>> = {
  blocked: 'blocks',
  bug_file_loc: 'url',
  bug_severity: 'severity',
  bug_status: 'status',
  cclist_accessible: 'is_cc_accessible',
  dependson: 'depends_on',
  dup_id: 'dupe_of',
  rep_platform: 'platform',
  reporter_accessible: 'is_creator_accessible',
  short_desc: 'summary',
  status_whiteboard: 'whiteboard',
};

/** Renames internal names to API names; `extra` adds call-specific ones (create's `comment`). */
export function withApiNames(extra: Readonly<Record<string, string>> = {}): (value: unknown) => unknown {
  const names = { ...INTERNAL_NAMES, ...extra };
  return (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(input)) {
      const api = names[key];
      if (api === undefined) output[key] = item;
      else if (!(api in input)) output[api] = item;
    }
    return output;
  };
}

export const optionalString = (): z.ZodType<string | undefined> => param.optional(param.string());
export const optionalStrings = (): z.ZodType<string[] | undefined> => param.optional(param.list(param.string()));
export const optionalBool = (): z.ZodType<boolean | undefined> => param.optional(param.bool());
export const optionalDouble = (): z.ZodType<number | undefined> => param.optional(param.double());

/** `{add, remove, set}` of Bug.update; each list may also be one value. */
export const listEdit = z.object({ add: optionalStrings(), remove: optionalStrings(), set: optionalStrings() });
export type ListEditParams = z.infer<typeof listEdit>;

/** A bug id or alias, as path segments and `ids` carry them. */
export const bugRefs = (): z.ZodType<string[] | undefined> => param.optional(param.list(param.string()));
