import { BugErrors } from '../../bugs.errors';
import { findValue, statusRule } from '../../rules/bug-rules';
import { checkSelect } from '../fields/select-fields';
import { ok } from '../refusal';
import { privilegeNeeded } from './can-change-field';
import type { UpdateDraft } from './update-draft';

const STATUS = { internal: 'bug_status', api: 'status' } as const;
const RESOLUTION = { internal: 'resolution', api: 'resolution' } as const;

/** What a status change carries along (Bugzilla's params of set_bug_status). */
export interface StatusParams {
  readonly resolution?: string;
  readonly dupeOf?: string;
}

/** The statuses the bug may move to from its current one (workflow, product, permissions). */
export function availableStatuses(draft: UpdateDraft): string[] {
  const current = statusRule(draft.command.rules, draft.fields.status);
  const context = draft.changeContext();
  return (current?.canChangeTo ?? [])
    .map((transition) => transition.name)
    .filter((name) => draft.product.hasUnconfirmed || name !== 'UNCONFIRMED')
    .filter((name) => privilegeNeeded(context, 'bug_status', draft.fields.status, name) === null);
}

/**
 * Bugzilla's set_bug_status: the move must be in the workflow; an open status clears the
 * resolution and the duplicate and sets everconfirmed; a closed one takes the given
 * resolution (or keeps the current one) and zeroes the remaining time.
 */
export function setStatus(draft: UpdateDraft, name: string, params: StatusParams): void {
  const { rules } = draft.command;
  const old = draft.fields.status;
  const status = statusRule(rules, name.trim()) ?? draft.refuseWith(BugErrors.objectDoesNotExist('status', name.trim()));
  const transition = statusRule(rules, old)?.canChangeTo.find((candidate) => candidate.name === status.name);
  if (old !== status.name && !availableStatuses(draft).includes(status.name)) {
    draft.refuseWith(BugErrors.illegalStatusTransition(old, status.name));
  }
  if (old !== status.name && transition?.commentRequired && !draft.hasComment) {
    draft.refuseWith(BugErrors.commentRequiredOnChange('status', old, status.name));
  }
  requireMilestoneOnAccept(draft, status.name);
  draft.set('status', STATUS, status.name);
  draft.assign('isOpen', status.isOpen);
  if (status.isOpen) {
    draft.set('isConfirmed', { internal: 'everconfirmed', api: 'is_confirmed' }, status.name !== 'UNCONFIRMED');
    draft.assign('resolution', '');
    draft.assign('dupeOf', null);
    return;
  }
  setResolution(draft, params.resolution ?? draft.fields.resolution, params);
  if (status.name !== old && draft.fields.remainingTime !== 0) draft.assign('remainingTime', 0);
}

function requireMilestoneOnAccept(draft: UpdateDraft, status: string): void {
  const product = draft.product;
  if (
    (status === 'IN_PROGRESS' || status === 'ASSIGNED') &&
    draft.command.rules.params.mustHaveMilestoneOnAccept &&
    product.milestones.length > 1 &&
    draft.fields.targetMilestone === product.defaultMilestone
  ) {
    draft.refuseWith(BugErrors.milestoneRequired(draft.bugId));
  }
}

/**
 * Bugzilla's set_resolution: only a closed bug has one; leaving DUPLICATE clears the
 * duplicate, entering it zeroes the remaining time and needs a bug to duplicate.
 */
export function setResolution(draft: UpdateDraft, value: string, params: StatusParams): void {
  const { rules } = draft.command;
  const wanted = value.trim();
  if (wanted === '' && !draft.fields.isOpen) draft.refuseWith(BugErrors.missingResolution(draft.fields.status));
  const resolution = ok(checkSelect(rules, 'resolution', wanted));
  if (draft.fields.isOpen) draft.refuseWith(BugErrors.resolutionNotAllowed());
  requireNoOpenBlockers(draft, resolution);
  const old = draft.fields.resolution;
  draft.set('resolution', RESOLUTION, findValue(rules.fields.resolutions, resolution)?.name ?? resolution);
  if (resolution !== old) {
    if (old === 'DUPLICATE') draft.assign('dupeOf', null);
    else if (resolution === 'DUPLICATE' && draft.fields.remainingTime !== 0) draft.assign('remainingTime', 0);
  }
  if (resolution !== 'DUPLICATE') return;
  if (params.dupeOf !== undefined) setDupeOf(draft, params.dupeOf);
  else if (draft.fields.dupeOf === null) draft.refuseWith(BugErrors.dupeIdRequired());
}

function requireNoOpenBlockers(draft: UpdateDraft, resolution: string): void {
  if (!draft.command.rules.params.noResolveOnOpenBlockers || resolution !== 'FIXED' || draft.fields.resolution === 'FIXED') return;
  const open = draft.fields.dependsOn.filter((id) => draft.command.openBugIds.has(id)).length;
  if (open > 0) draft.refuseWith(BugErrors.stillUnresolvedBugs(draft.bugId, open));
}

/**
 * Bugzilla's set_dup_id: the target must be visible and not lead back to this bug; the bug
 * is resolved as DUPLICATE (status duplicate_or_move_bug_status) unless it already is;
 * its reporter joins the target's CC if they can see it and are not its reporter.
 */
export function setDupeOf(draft: UpdateDraft, ref: string): void {
  const { bugRefs, dupeChain, dupeTarget, rules } = draft.command;
  const trimmed = ref.trim();
  if (trimmed === '') draft.refuseWith(BugErrors.bugIdRequired('dupe_of'));
  const found = bugRefs.get(trimmed) ?? draft.refuseWith(BugErrors.invalidBugId(trimmed));
  if ('error' in found) draft.refuseWith(found.error);
  const target = found.bugId;
  if (draft.fields.dupeOf === target) return;
  for (let current: number | undefined = target, steps = 0; current !== undefined && steps < 1000; steps++) {
    if (current === draft.bugId) draft.refuseWith(BugErrors.dupeLoop(draft.bugId, target));
    current = dupeChain.get(current);
  }
  if (rules.params.commentOnDuplicate && draft.comment === null) draft.refuseWith(BugErrors.commentRequired());
  draft.addDupeCc = dupeTarget !== null && dupeTarget.visibleToDupeReporter && dupeTarget.reporterId !== draft.before.reporter.id;
  draft.set('dupeOf', { internal: 'dup_id', api: 'dupe_of' }, target);
  if (draft.fields.resolution !== 'DUPLICATE') setStatus(draft, rules.params.duplicateOrMoveBugStatus, { resolution: 'DUPLICATE' });
  const note = `*** This bug has been marked as a duplicate of bug ${target} ***`;
  const comment = draft.comment ?? { text: '', isPrivate: false, isMarkdown: false, workTime: 0, addedText: null };
  draft.comment = { ...comment, addedText: note };
}
