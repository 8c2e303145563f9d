import { z } from 'zod';
import * as param from '../params/param-types';
import { bugRefs, listEdit, optionalBool, optionalDouble, optionalString, withApiNames } from './bug-params';
import { flagInputs } from '../flags/flag-input';

/**
 * `PUT /rest/bug/{id_or_alias}` (Bug.update): the bug of the path and those of `ids`
 * (ids or aliases). Lists change through `{add, remove, set}` objects; `alias` given as a
 * string or an array means `set`; `comment` is `{body | comment, is_private, is_markdown}`
 * (a plain string is its body); `comment_is_private` maps comment ids to privacy.
 * Result: per bug `{id, alias, last_change_time, changes}`.
 */
export const UPDATE_BUGS_SUBJECT = 'bugs.update';

const aliasEdit = z.preprocess(
  (value: unknown): unknown => (typeof value === 'string' || Array.isArray(value) ? { set: value } : value),
  listEdit,
);

const commentObject = z.preprocess(
  (value: unknown): unknown => {
    if (typeof value === 'string') return { body: value };
    if (value && typeof value === 'object' && !Array.isArray(value) && !('body' in value) && 'comment' in value) {
      const { comment, ...rest } = value as Record<string, unknown>;
      return { ...rest, body: comment };
    }
    return value;
  },
  z.object({ body: optionalString(), is_private: optionalBool(), is_markdown: optionalBool() }),
);

export const updateBugsParams = z.preprocess(
  withApiNames(),
  z.looseObject({
    id: param.string(),
    ids: bugRefs(),
    alias: param.optional(aliasEdit),
    assigned_to: optionalString(),
    reset_assigned_to: optionalBool(),
    qa_contact: optionalString(),
    reset_qa_contact: optionalBool(),
    blocks: param.optional(listEdit),
    depends_on: param.optional(listEdit),
    cc: param.optional(listEdit),
    is_cc_accessible: optionalBool(),
    is_creator_accessible: optionalBool(),
    comment: param.optional(commentObject),
    comment_is_private: param.optional(z.record(z.string(), param.bool())),
    component: optionalString(),
    deadline: optionalString(),
    dupe_of: optionalString(),
    estimated_time: optionalDouble(),
    groups: param.optional(listEdit),
    keywords: param.optional(listEdit),
    op_sys: optionalString(),
    platform: optionalString(),
    priority: optionalString(),
    product: optionalString(),
    remaining_time: optionalDouble(),
    resolution: optionalString(),
    see_also: param.optional(listEdit),
    severity: optionalString(),
    status: optionalString(),
    summary: optionalString(),
    target_milestone: optionalString(),
    url: optionalString(),
    version: optionalString(),
    whiteboard: optionalString(),
    work_time: optionalDouble(),
    flags: param.optional(flagInputs),
  }),
);
export type UpdateBugsParams = z.infer<typeof updateBugsParams>;

export interface BugChangeWire {
  readonly added: string;
  readonly removed: string;
}

export interface UpdatedBugWire {
  readonly id: number;
  readonly alias: readonly string[];
  readonly last_change_time: string;
  readonly changes: Readonly<Record<string, BugChangeWire>>;
}

export interface UpdateBugsResult {
  readonly bugs: readonly UpdatedBugWire[];
}
