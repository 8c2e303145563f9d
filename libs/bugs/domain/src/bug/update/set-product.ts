import { BugErrors } from '../../bugs.errors';
import { isMember } from '../../rules/actor';
import { groupControl, groupIsSettable, groupIsValid, mandatoryGroups } from '../../rules/product-access';
import { sortList } from '../bug-lists';
import { requireComponent, requireEnterableProduct, requireMilestone, requireVersion } from '../fields/product-values';
import { productGroup } from '../fields/groups';
import { privilegeNeeded } from './can-change-field';
import type { UpdateDraft } from './update-draft';

/**
 * Bugzilla's _set_product: the new product must be enterable; component, version and
 * milestone keep their names (or take the request's) and must exist there; a user who may
 * not set the milestone gets the new product's default; groups invalid in the new product
 * are dropped and its mandatory groups added. Without a move, component, version and
 * milestone are set later in Bugzilla's order (setComponent etc.).
 */
export function setProduct(draft: UpdateDraft, name: string): void {
  const { input, actor, rules } = draft.command;
  const old = draft.product;
  const product = name.trim().toLowerCase() === old.name.toLowerCase() ? old : requireEnterableProduct(actor, rules, name);
  draft.productChanged = product.id !== old.id;
  if (draft.productChanged) draft.assign('product', { id: product.id, name: product.name });
  if (draft.productChanged) draft.assign('classification', product.classification);
  setComponent(draft, input.component ?? draft.fields.component.name);
  draft.set(
    'version',
    { internal: 'version', api: 'version' },
    requireVersion(product, input.version ?? draft.fields.version, draft.fields.version),
  );
  const milestone = input.targetMilestone ?? draft.fields.targetMilestone;
  const mayChooseMilestone =
    privilegeNeeded(draft.changeContext(), 'target_milestone', draft.fields.targetMilestone, `${draft.fields.targetMilestone}+`) === null;
  if (draft.productChanged && !mayChooseMilestone) draft.assign('targetMilestone', product.defaultMilestone);
  else
    draft.set(
      'targetMilestone',
      { internal: 'target_milestone', api: 'target_milestone' },
      requireMilestone(product, milestone, draft.fields.targetMilestone),
    );
  if (!draft.productChanged) return;
  const kept = draft.fields.groups.filter((group) => groupIsValid(product, group.id));
  const mandatory = mandatoryGroups(actor, product).filter((group) => !kept.some((other) => other.id === group.id));
  draft.setList('groups', sortList('groups', [...kept, ...mandatory]));
}

/** Bugzilla's set_component: a new component brings its default CC list. */
export function setComponent(draft: UpdateDraft, name: string): void {
  const component = requireComponent(draft.product, name, draft.fields.component.name);
  if (component.id === draft.fields.component.id) return;
  draft.assign('component', { id: component.id, name: component.name });
  const cc = [...draft.fields.cc, ...component.defaultCc.filter((user) => !draft.fields.cc.some((other) => other.id === user.id))];
  draft.setList('cc', sortList('cc', cc));
}

/** Bugzilla's add_group / remove_group with the product's group controls. */
export function editGroups(draft: UpdateDraft, add: readonly string[], remove: readonly string[]): void {
  const { actor } = draft.command;
  const product = draft.product;
  let groups = [...draft.fields.groups];
  for (const name of add.map((raw) => raw.trim()).filter((raw) => raw !== '')) {
    const group = productGroup(product, name) ?? draft.refuseWith(BugErrors.groupRestrictionNotAllowed(name, product.name, draft.bugId));
    if (groups.some((current) => current.id === group.id)) continue;
    if (!groupIsSettable(actor, product, group.id)) draft.refuseWith(BugErrors.groupRestrictionNotAllowed(name, product.name, draft.bugId));
    const control = groupControl(product, group.id);
    if (!isMember(actor, group.id) && (!draft.productChanged || control?.otherControl === 'NA')) {
      draft.refuseWith(BugErrors.groupRestrictionNotAllowed(name, product.name, draft.bugId));
    }
    groups.push(group);
  }
  for (const name of remove.map((raw) => raw.trim()).filter((raw) => raw !== '')) {
    const group = groups.find((current) => current.name.toLowerCase() === name.toLowerCase());
    if (!group) return draft.refuseWith(BugErrors.groupInvalidRemoval(name, product.name, draft.bugId));
    const control = groupControl(product, group.id);
    if (control && groupIsValid(product, group.id)) {
      if (control.memberControl === 'MANDATORY' && control.isActive)
        draft.refuseWith(BugErrors.groupInvalidRemoval(name, product.name, draft.bugId));
      const otherLocked = control.otherControl === 'MANDATORY' || control.otherControl === 'NA';
      if (!isMember(actor, group.id) && (!draft.productChanged || otherLocked)) {
        draft.refuseWith(BugErrors.groupInvalidRemoval(name, product.name, draft.bugId));
      }
    }
    groups = groups.filter((current) => current.id !== group.id);
  }
  draft.setList('groups', sortList('groups', groups));
}
