import { checkSelect } from '../fields/select-fields';
import { checkSummary, checkUrl, checkWhiteboard } from '../fields/text-fields';
import { checkDeadline, checkHours } from '../fields/time-fields';
import { ok } from '../refusal';
import { setCommentPrivacy } from './set-comment';
import type { UpdateBugInput } from './update-bug.command';
import type { UpdateDraft } from './update-draft';

/**
 * The plain setters of Bug.update in the order Bugzilla runs them (alphabetical by
 * internal name: cclist_accessible, comment_is_private, deadline, estimated_time, op_sys,
 * platform, priority, remaining_time, reporter_accessible, severity, status_whiteboard,
 * summary, url), each validated and permission-checked.
 */
export function setPlainFields(draft: UpdateDraft, input: UpdateBugInput): void {
  const { rules } = draft.command;
  if (input.isCcAccessible !== undefined) {
    draft.set('isCcAccessible', { internal: 'cclist_accessible', api: 'is_cc_accessible' }, input.isCcAccessible);
  }
  if (input.commentIsPrivate !== undefined) setCommentPrivacy(draft, input.commentIsPrivate);
  if (input.deadline !== undefined) draft.set('deadline', { internal: 'deadline', api: 'deadline' }, ok(checkDeadline(input.deadline)));
  if (input.estimatedTime !== undefined) {
    draft.set(
      'estimatedTime',
      { internal: 'estimated_time', api: 'estimated_time' },
      ok(checkHours('estimated_time', input.estimatedTime, false)),
    );
  }
  if (input.opSys !== undefined) draft.set('opSys', { internal: 'op_sys', api: 'op_sys' }, ok(checkSelect(rules, 'opSys', input.opSys)));
  if (input.platform !== undefined) {
    draft.set('platform', { internal: 'rep_platform', api: 'platform' }, ok(checkSelect(rules, 'platform', input.platform)));
  }
  if (input.priority !== undefined)
    draft.set('priority', { internal: 'priority', api: 'priority' }, ok(checkSelect(rules, 'priority', input.priority)));
  if (input.remainingTime !== undefined) {
    draft.set(
      'remainingTime',
      { internal: 'remaining_time', api: 'remaining_time' },
      ok(checkHours('remaining_time', input.remainingTime, false)),
    );
  }
  if (input.isCreatorAccessible !== undefined) {
    draft.set('isCreatorAccessible', { internal: 'reporter_accessible', api: 'is_creator_accessible' }, input.isCreatorAccessible);
  }
  if (input.severity !== undefined) {
    draft.set('severity', { internal: 'bug_severity', api: 'severity' }, ok(checkSelect(rules, 'severity', input.severity)));
  }
  if (input.whiteboard !== undefined)
    draft.set('whiteboard', { internal: 'status_whiteboard', api: 'whiteboard' }, ok(checkWhiteboard(input.whiteboard)));
  if (input.summary !== undefined) draft.set('summary', { internal: 'short_desc', api: 'summary' }, ok(checkSummary(input.summary)));
  if (input.url !== undefined) draft.set('url', { internal: 'bug_file_loc', api: 'url' }, ok(checkUrl(input.url, false)));
}
