import type { NamedRef } from '@tracker/contracts';
import { type Actor, isMember } from './actor';
import type { GroupControlRule, ProductRules } from './bug-rules';

/**
 * Bugzilla's product group controls (Product.pm, User.pm): who may enter and edit bugs
 * of a product, and which groups a bug of it may be restricted to.
 */
export function canEnterProduct(actor: Actor, product: ProductRules): boolean {
  return product.groupControls.every((control) => !control.entry || isMember(actor, control.group.id));
}

export function canEditProduct(actor: Actor, product: ProductRules): boolean {
  return product.groupControls.every((control) => !control.canEdit || isMember(actor, control.group.id));
}

function usable(control: GroupControlRule): boolean {
  return control.isActive && control.isBugGroup;
}

/** Groups the actor may put a bug in; `isDefault` ones are used when a create names none. */
export function groupsAvailable(actor: Actor, product: ProductRules): ReadonlyArray<{ group: NamedRef; isDefault: boolean }> {
  return product.groupControls.filter(usable).flatMap((control) => {
    const setting = isMember(actor, control.group.id) ? control.memberControl : control.otherControl;
    return setting === 'SHOWN' || setting === 'DEFAULT' ? [{ group: control.group, isDefault: setting === 'DEFAULT' }] : [];
  });
}

/** Groups every bug of the product is in, for this actor. */
export function mandatoryGroups(actor: Actor, product: ProductRules): readonly NamedRef[] {
  return product.groupControls
    .filter((control) => control.isActive)
    .filter(
      (control) => control.memberControl === 'MANDATORY' || (control.otherControl === 'MANDATORY' && !isMember(actor, control.group.id)),
    )
    .map((control) => control.group);
}

export function groupIsSettable(actor: Actor, product: ProductRules, groupId: number): boolean {
  const control = product.groupControls.find((candidate) => candidate.group.id === groupId);
  if (!control || !usable(control)) return false;
  return (
    mandatoryGroups(actor, product).some((group) => group.id === groupId) ||
    groupsAvailable(actor, product).some((entry) => entry.group.id === groupId)
  );
}

/** A group a bug of the product may be in at all (membercontrol not NA). */
export function groupIsValid(product: ProductRules, groupId: number): boolean {
  return product.groupControls.some((control) => control.group.id === groupId && control.isBugGroup && control.memberControl !== 'NA');
}

export function groupControl(product: ProductRules, groupId: number): GroupControlRule | undefined {
  return product.groupControls.find((control) => control.group.id === groupId);
}
