import type { ControlValue } from './events/group-control';
import type { FieldTypeCode } from './events/field-type';

/**
 * For the bugs service, at the moment of a create or update: everything the catalog
 * decides about bugs, in one round trip, as plain data for its pure deciders.
 * - `products` (names, any case) and/or `productIds`: the products the command touches
 *   (the bug's, a move's target), with components, versions, milestones, default
 *   people, group controls and what the caller (the request's auth) may do in each.
 *   Unknown names are listed in `unknownProducts`; products come back whoever asks
 *   (an internal message): `access` says what the caller may do.
 * - Omit both for the cheap variant (fields and parameters only), e.g. for search.
 */
export const RESOLVE_BUG_RULES_SUBJECT = 'catalog.bug-rules.resolve';

export interface ResolveBugRulesParams {
  readonly products?: readonly string[];
  readonly productIds?: readonly number[];
}

export interface BugRulesResult {
  /**
   * the catalog's read model had applied every event of the log up to this position (a
   * decimal string) when the answer was read: what a copy of the answer may rely on
   */
  readonly asOf?: string;
  readonly params: InstallationParams;
  readonly fields: FieldRules;
  readonly products: readonly ProductRules[];
  readonly unknownProducts: readonly string[];
}

/** Bugzilla parameters that change bug rules (catalog options, see docs/catalog.md). */
export interface InstallationParams {
  /** '' means no default: the field must be given on create */
  readonly defaultPriority: string;
  readonly defaultSeverity: string;
  readonly defaultPlatform: string;
  readonly defaultOpSys: string;
  readonly letSubmitterChoosePriority: boolean;
  readonly letSubmitterChooseMilestone: boolean;
  /** the status of duplicates (the workflow's, editable through PUT /rest/workflow) */
  readonly duplicateOrMoveBugStatus: string;
  readonly commentOnDuplicate: boolean;
  readonly mustHaveMilestoneOnAccept: boolean;
  readonly noResolveOnOpenBlockers: boolean;
  readonly useQaContact: boolean;
  readonly useTargetMilestone: boolean;
  readonly useStatusWhiteboard: boolean;
  readonly useSeeAlso: boolean;
  readonly useClassification: boolean;
}

export interface ValueRule {
  readonly id: number;
  readonly name: string;
  readonly isActive: boolean;
  readonly sortKey: number;
}

export interface TransitionRule {
  readonly name: string;
  readonly commentRequired: boolean;
}

/** `canChangeTo` lists active target statuses only, by sort key; staying put is always allowed. */
export interface StatusRule extends ValueRule {
  readonly isOpen: boolean;
  readonly canChangeTo: readonly TransitionRule[];
}

export interface CustomValueRule extends ValueRule {
  /** the value of the field's `valueField` that shows this value; null: always shown */
  readonly visibilityValue: string | null;
}

export interface CustomFieldRule {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly type: FieldTypeCode;
  readonly isMandatory: boolean;
  readonly isOnBugEntry: boolean;
  /** obsolete fields are neither shown nor validated */
  readonly isObsolete: boolean;
  readonly values: readonly CustomValueRule[];
  /** the field (internal name) whose value makes this field visible; null: always visible */
  readonly visibilityField: string | null;
  readonly visibilityValues: readonly string[];
  readonly valueField: string | null;
}

export interface FieldRules {
  readonly statuses: readonly StatusRule[];
  /** statuses a new bug may start in */
  readonly initialStatuses: readonly TransitionRule[];
  readonly resolutions: readonly ValueRule[];
  readonly priorities: readonly ValueRule[];
  readonly severities: readonly ValueRule[];
  readonly platforms: readonly ValueRule[];
  readonly opSystems: readonly ValueRule[];
  readonly keywords: readonly ValueRule[];
  readonly customFields: readonly CustomFieldRule[];
}

export interface RuleUser {
  readonly id: number;
  readonly login: string;
}

export interface ComponentRule {
  readonly id: number;
  readonly name: string;
  readonly isActive: boolean;
  readonly defaultAssignee: RuleUser;
  readonly defaultQaContact: RuleUser | null;
  readonly defaultCc: readonly RuleUser[];
}

export interface GroupControlRule {
  readonly group: { readonly id: number; readonly name: string };
  readonly isActive: boolean;
  readonly isBugGroup: boolean;
  readonly entry: boolean;
  readonly canEdit: boolean;
  /** members administer the product (Bugzilla's group_control_map.editcomponents) */
  readonly editcomponents: boolean;
  readonly memberControl: ControlValue;
  readonly otherControl: ControlValue;
}

/** What the caller may do with the product (Bugzilla's selectable / enterable / canedit). */
export interface ProductAccess {
  readonly canSee: boolean;
  readonly canEnter: boolean;
  readonly canEdit: boolean;
}

export interface ProductRules {
  readonly id: number;
  readonly name: string;
  readonly classification: string;
  readonly isActive: boolean;
  readonly hasUnconfirmed: boolean;
  readonly defaultMilestone: string;
  readonly components: readonly ComponentRule[];
  readonly versions: readonly ValueRule[];
  readonly milestones: readonly ValueRule[];
  readonly groupControls: readonly GroupControlRule[];
  readonly access: ProductAccess;
}
