import type { ListEditParams, UpdateBugsParams } from '@tracker/contracts';
import type { ListEdit, UpdateBugInput } from '@tracker/bugs/domain';

const NOT_FIELDS = new Set(['id', 'ids']);

function edit(params: ListEditParams | undefined): ListEdit | undefined {
  if (params === undefined) return undefined;
  return {
    ...(params.add !== undefined ? { add: params.add } : {}),
    ...(params.remove !== undefined ? { remove: params.remove } : {}),
    ...(params.set !== undefined ? { set: params.set } : {}),
  };
}

/** PUT /rest/bug's coerced parameters as the decider's input; custom fields are the `cf_` keys. */
export function updateInput(params: UpdateBugsParams): UpdateBugInput {
  const raw = params as Readonly<Record<string, unknown>>;
  const customFields = Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('cf_') && !NOT_FIELDS.has(key)));
  const entries: Record<string, unknown> = {
    alias: edit(params.alias),
    assignedTo: params.assigned_to,
    resetAssignedTo: params.reset_assigned_to,
    qaContact: params.qa_contact,
    resetQaContact: params.reset_qa_contact,
    blocks: edit(params.blocks),
    dependsOn: edit(params.depends_on),
    cc: edit(params.cc),
    isCcAccessible: params.is_cc_accessible,
    isCreatorAccessible: params.is_creator_accessible,
    comment:
      params.comment === undefined
        ? undefined
        : { body: params.comment.body ?? '', isPrivate: params.comment.is_private === true, isMarkdown: params.comment.is_markdown === true },
    commentIsPrivate: params.comment_is_private,
    component: params.component,
    deadline: params.deadline,
    dupeOf: params.dupe_of,
    estimatedTime: params.estimated_time,
    groups: edit(params.groups),
    keywords: edit(params.keywords),
    opSys: params.op_sys,
    platform: params.platform,
    priority: params.priority,
    product: params.product,
    remainingTime: params.remaining_time,
    resolution: params.resolution,
    seeAlso: edit(params.see_also),
    severity: params.severity,
    status: params.status,
    summary: params.summary,
    targetMilestone: params.target_milestone,
    url: params.url,
    version: params.version,
    whiteboard: params.whiteboard,
    workTime: params.work_time,
  };
  const defined = Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
  return { ...defined, customFields };
}
