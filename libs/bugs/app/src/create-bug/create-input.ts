import type { CreateBugParams } from '@tracker/contracts';
import type { CreateBugInput } from '@tracker/bugs/domain';

/** POST /rest/bug's coerced parameters as the decider's input; custom fields are the `cf_` keys. */
export function createInput(params: CreateBugParams): CreateBugInput {
  const raw = params as Readonly<Record<string, unknown>>;
  const customFields = Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('cf_')));
  const defined = <T>(key: string, value: T | undefined): Record<string, T> => (value === undefined ? {} : { [key]: value });
  return {
    ...defined('product', params.product),
    ...defined('component', params.component),
    ...defined('summary', params.summary),
    ...defined('version', params.version),
    ...defined('description', params.description),
    ...defined('commentIsPrivate', params.comment_is_private),
    ...defined('isMarkdown', params.is_markdown),
    ...defined('opSys', params.op_sys),
    ...defined('platform', params.platform),
    ...defined('priority', params.priority),
    ...defined('severity', params.severity),
    ...defined('alias', params.alias),
    ...defined('assignedTo', params.assigned_to),
    ...defined('qaContact', params.qa_contact),
    ...defined('cc', params.cc),
    ...defined('groups', params.groups),
    ...defined('status', params.status),
    ...defined('resolution', params.resolution),
    ...defined('targetMilestone', params.target_milestone),
    ...defined('keywords', params.keywords),
    ...defined('url', params.url),
    ...defined('whiteboard', params.whiteboard),
    ...defined('seeAlso', params.see_also),
    ...defined('blocks', params.blocks),
    ...defined('dependsOn', params.depends_on),
    ...defined('estimatedTime', params.estimated_time),
    ...defined('remainingTime', params.remaining_time),
    ...defined('deadline', params.deadline),
    ...defined('isCcAccessible', params.is_cc_accessible),
    ...defined('isCreatorAccessible', params.is_creator_accessible),
    customFields,
  };
}
