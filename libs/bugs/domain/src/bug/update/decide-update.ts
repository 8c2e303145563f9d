import { type BugEvent, CommonErrors, type DomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { canEditProduct } from '../../rules/product-access';
import { canSeeBug } from '../../rules/visibility';
import { accessFactsOf } from '../bug-access';
import type { BugState, ExistingBug } from '../bug.state';
import { attempt, refuse } from '../refusal';
import { setComponent, editGroups, setProduct } from './set-product';
import { setDependencies, setKeywords } from './set-relations';
import { addUpdateComment } from './set-comment';
import { setPlainFields } from './set-fields';
import { editCc, resetPeople, setAssignee, setQaContact } from './set-people';
import { setDupeOf, setResolution, setStatus } from './set-status';
import { editAliases, editSeeAlso, setCustomFields } from './set-lists';
import { requireMilestone, requireVersion } from '../fields/product-values';
import type { UpdateBug } from './update-bug.command';
import { UpdateDraft } from './update-draft';
import { ccWithRequestees, flagEvents, requireFlagOutcome } from '../flags/flag-outcome';
import { updateEvents } from './update-events';

/**
 * Bugzilla's Bug.update for one bug: the edit check (visible, product editable), then
 * set_all's steps in its order (product, groups, dependencies, keywords, comment, the
 * plain setters alphabetically, then component, assignee, milestone, status, resolution,
 * duplicate, QA contact, version, resets, See Also, custom fields, CC, aliases). The
 * first refusal wins and nothing is written; no change at all gives no events.
 */
export function decideUpdate(command: UpdateBug, state: BugState): readonly BugEvent[] | DomainError {
  if (!state.exists) return CommonErrors.userError('The bug to update does not exist.');
  return attempt(() => {
    requireEditable(command, state);
    const draft = new UpdateDraft(command, state);
    applyInput(draft);
    // flags come last in Bugzilla's order; their requestees join the CC list in the same change
    const flags = requireFlagOutcome(command.flags);
    draft.setList('cc', ccWithRequestees(draft.fields.cc, flags));
    return [...updateEvents(draft), ...flagEvents(flags)];
  });
}

/** Bugzilla's check_for_edit: 102 when not visible, 109 when the product is not editable. */
export function requireEditable(command: Pick<UpdateBug, 'actor' | 'rules'>, bug: ExistingBug): void {
  if (!canSeeBug(command.actor, accessFactsOf(bug))) refuse(BugErrors.bugAccessDenied(bug.bugId, true));
  const product = command.rules.products.find((candidate) => candidate.id === bug.fields.product.id);
  if (product && !canEditProduct(command.actor, product)) refuse(BugErrors.productEditDenied(bug.fields.product.name));
}

function applyInput(draft: UpdateDraft): void {
  const { input, bugCount } = draft.command;
  if (bugCount > 1 && input.dupeOf !== undefined) refuse(BugErrors.dupeNotAllowed());
  if (bugCount > 1 && input.alias !== undefined) refuse(BugErrors.multipleAliasNotAllowed());
  if (input.product !== undefined) setProduct(draft, input.product);
  if (input.groups) editGroups(draft, input.groups.add ?? [], input.groups.remove ?? []);
  if (input.dependsOn || input.blocks) setDependencies(draft, input.dependsOn, input.blocks);
  if (input.keywords) setKeywords(draft, input.keywords);
  addUpdateComment(draft, input);
  setPlainFields(draft, input);
  const moved = input.product !== undefined;
  if (!moved && input.component !== undefined) setComponent(draft, input.component);
  if (input.assignedTo !== undefined) setAssignee(draft, input.assignedTo);
  if (!moved && input.targetMilestone !== undefined) {
    draft.set(
      'targetMilestone',
      { internal: 'target_milestone', api: 'target_milestone' },
      requireMilestone(draft.product, input.targetMilestone, draft.fields.targetMilestone),
    );
  }
  if (input.status !== undefined) {
    setStatus(draft, input.status, {
      ...(input.resolution !== undefined ? { resolution: input.resolution } : {}),
      ...(input.dupeOf !== undefined ? { dupeOf: input.dupeOf } : {}),
    });
  } else if (input.resolution !== undefined) {
    setResolution(draft, input.resolution, input.dupeOf !== undefined ? { dupeOf: input.dupeOf } : {});
  } else if (input.dupeOf !== undefined) {
    setDupeOf(draft, input.dupeOf);
  }
  const useQaContact = draft.command.rules.params.useQaContact;
  if (input.qaContact !== undefined && useQaContact) setQaContact(draft, input.qaContact);
  if (!moved && input.version !== undefined) {
    draft.set('version', { internal: 'version', api: 'version' }, requireVersion(draft.product, input.version, draft.fields.version));
  }
  resetPeople(draft, input.resetAssignedTo === true, input.resetQaContact === true && useQaContact);
  if (input.seeAlso) editSeeAlso(draft, input.seeAlso);
  setCustomFields(draft);
  if (input.cc) editCc(draft, input.cc);
  if (input.alias) editAliases(draft, input.alias);
}
