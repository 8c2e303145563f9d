import { z } from 'zod';
import * as param from '../params/param-types';

/**
 * Tracker extensions for the status workflow (Bugzilla's editworkflow page as REST).
 * `GET /rest/workflow` (anyone) and `PUT /rest/workflow` (admin) with
 * `{transitions: [{from, to, allowed, comment_required}], duplicate_status}` both answer
 * the whole workflow. `from` null or "" is the new-bug pseudo-status. Statuses themselves
 * are the values of bug_status (`/rest/field/bug/bug_status/values`).
 */
export const GET_WORKFLOW_SUBJECT = 'catalog.workflow.get';
export const UPDATE_WORKFLOW_SUBJECT = 'catalog.workflow.update';

export const updateWorkflowParams = z.object({
  transitions: param.optional(
    param.list(
      z.object({
        from: param.optional(param.string()),
        to: param.string(),
        allowed: param.optional(param.bool()),
        comment_required: param.optional(param.bool()),
      }),
    ),
  ),
  duplicate_status: param.optional(param.string()),
});
export type UpdateWorkflowParams = z.infer<typeof updateWorkflowParams>;

export interface WorkflowObject {
  readonly statuses: readonly {
    readonly id: number;
    readonly name: string;
    readonly is_open: boolean;
    readonly sort_key: number;
    readonly is_active: boolean;
  }[];
  readonly transitions: readonly { readonly from: string | null; readonly to: string; readonly comment_required: boolean }[];
  readonly duplicate_status: string | null;
}
