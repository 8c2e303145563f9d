import { z } from 'zod';
import { bugRefs, optionalBool, optionalDouble, optionalString, optionalStrings, withApiNames } from './bug-params';
import { flagInputs } from '../flags/flag-input';
import * as param from '../params/param-types';

/**
 * `POST /rest/bug` (Bug.create). Every field is optional in the schema: Bugzilla checks
 * them in its own order and with its own errors (a missing summary is 107, an empty
 * object reports the OS first), which the bugs service reproduces. Custom fields
 * (`cf_...`) pass through as sent. Result `{id}`, HTTP 200 as Bugzilla 5.2 answers.
 */
export const CREATE_BUG_SUBJECT = 'bugs.create';

export const createBugParams = z.preprocess(
  withApiNames({ comment: 'description', commentprivacy: 'comment_is_private' }),
  z.looseObject({
    product: optionalString(),
    component: optionalString(),
    summary: optionalString(),
    version: optionalString(),
    description: optionalString(),
    comment_is_private: optionalBool(),
    is_markdown: optionalBool(),
    op_sys: optionalString(),
    platform: optionalString(),
    priority: optionalString(),
    severity: optionalString(),
    alias: optionalStrings(),
    assigned_to: optionalString(),
    qa_contact: optionalString(),
    cc: optionalStrings(),
    groups: optionalStrings(),
    status: optionalString(),
    resolution: optionalString(),
    target_milestone: optionalString(),
    keywords: optionalStrings(),
    url: optionalString(),
    whiteboard: optionalString(),
    see_also: optionalStrings(),
    blocks: bugRefs(),
    depends_on: bugRefs(),
    estimated_time: optionalDouble(),
    remaining_time: optionalDouble(),
    deadline: optionalString(),
    is_cc_accessible: optionalBool(),
    is_creator_accessible: optionalBool(),
    flags: param.optional(flagInputs),
  }),
);
export type CreateBugParams = z.infer<typeof createBugParams>;

export interface CreateBugResult {
  readonly id: number;
}
