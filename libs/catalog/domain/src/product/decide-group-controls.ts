import type { ControlValue, DomainError, ProductGroupControl, ProductEvent } from '@tracker/contracts';
import { CatalogErrors } from '../catalog.errors';
import type { GroupControlRequest } from './product.commands';
import type { ExistingProduct } from './product.state';

/** A group with no say over the product: Bugzilla deletes such group_control_map rows. */
export const NO_CONTROL: ProductGroupControl = {
  entry: false,
  memberControl: 'NA',
  otherControl: 'NA',
  canEdit: false,
  editcomponents: false,
};

/**
 * Bugzilla's Product->set_group_controls. Members' and others' controls must form one of
 * the legal combinations (member\other: NA only with NA; Shown with anything; Default
 * with NA, Default or Mandatory; Mandatory only with Mandatory). Unlike Bugzilla, which
 * ignores one of the two when the other is missing, a missing one keeps its value and
 * the combination is checked.
 */
export function decideGroupControls(requests: readonly GroupControlRequest[], state: ExistingProduct): ProductEvent[] | DomainError {
  const events: ProductEvent[] = [];
  for (const request of requests) {
    const previous = state.groupControls.get(request.group.id) ?? null;
    const next: ProductGroupControl = { ...(previous ?? NO_CONTROL), ...request.settings };
    const removing = isNoControl(next);
    if (!request.isActiveBugGroup && !removing) return CatalogErrors.productIllegalGroup(request.group.name);
    if (!isLegalCombination(next.memberControl, next.otherControl)) {
      return CatalogErrors.illegalGroupControlCombination(request.group.name);
    }
    const control = removing ? null : next;
    if (sameControl(previous, control)) continue;
    events.push({
      type: 'GroupControlChanged',
      data: { productId: state.id, productName: state.name, groupId: request.group.id, previous, control },
    });
  }
  return events;
}

export function isLegalCombination(member: ControlValue, other: ControlValue): boolean {
  return member === other || member === 'SHOWN' || (member === 'DEFAULT' && other !== 'SHOWN');
}

function isNoControl(control: ProductGroupControl): boolean {
  return sameControl(control, NO_CONTROL);
}

function sameControl(a: ProductGroupControl | null, b: ProductGroupControl | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.entry === b.entry &&
    a.memberControl === b.memberControl &&
    a.otherControl === b.otherControl &&
    a.canEdit === b.canEdit &&
    a.editcomponents === b.editcomponents
  );
}
