import type { ControlValue } from './events/group-control';

/** The contract's Product object (GET /rest/product) and what it contains. */
export interface FlagTypeSummary {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly cc_list: string;
  readonly sort_key: number;
  readonly is_active: boolean;
  readonly is_requestable: boolean;
  readonly is_requesteeble: boolean;
  readonly is_multiplicable: boolean;
  readonly grant_group: number | null;
  readonly request_group: number | null;
}

export interface ComponentObject {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly default_assigned_to: string;
  readonly default_qa_contact: string;
  readonly sort_key: number;
  readonly is_active: boolean;
  /** from the flags service once it exists; empty lists until then */
  readonly flag_types: { readonly bug: readonly FlagTypeSummary[]; readonly attachment: readonly FlagTypeSummary[] };
}

export interface VersionObject {
  readonly id: number;
  readonly name: string;
  readonly sort_key: number;
  readonly is_active: boolean;
}

export type MilestoneObject = VersionObject;

/** Tracker extension, an `_extra` field shown to members of editcomponents only. */
export interface GroupControlObject {
  readonly group: string;
  readonly group_id: number;
  readonly entry: boolean;
  readonly membercontrol: ControlValue;
  readonly othercontrol: ControlValue;
  readonly canedit: boolean;
  /** members administer the product's flag types */
  readonly editcomponents: boolean;
}

export interface ProductObject {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly is_active: boolean;
  readonly default_milestone: string;
  readonly has_unconfirmed: boolean;
  readonly classification: string;
  readonly components?: readonly ComponentObject[];
  readonly versions?: readonly VersionObject[];
  readonly milestones?: readonly MilestoneObject[];
  readonly group_controls?: readonly GroupControlObject[];
}
