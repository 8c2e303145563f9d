/**
 * Bugzilla's group_control_map for one product and one group. `memberControl` applies to
 * members of the group, `otherControl` to everybody else: NA (the group cannot restrict
 * bugs of the product), SHOWN (may be set), DEFAULT (set on new bugs, may be cleared),
 * MANDATORY (always set). `entry`: only members may file bugs in the product;
 * `canEdit`: only members may edit its bugs; `editcomponents`: members administer the
 * product (its flag types, docs/flags.md §1), Bugzilla's group_control_map.editcomponents.
 */
export const CONTROL_VALUES = ['NA', 'SHOWN', 'DEFAULT', 'MANDATORY'] as const;
export type ControlValue = (typeof CONTROL_VALUES)[number];

export interface ProductGroupControl {
  readonly entry: boolean;
  readonly memberControl: ControlValue;
  readonly otherControl: ControlValue;
  readonly canEdit: boolean;
  readonly editcomponents: boolean;
}
