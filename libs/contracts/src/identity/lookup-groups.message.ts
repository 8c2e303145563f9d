/**
 * Other services ask identity which groups exist (a product's group controls, a bug's
 * groups). Names match case-insensitively; unknown ones are listed back.
 */
export const LOOKUP_GROUPS_SUBJECT = 'identity.groups.lookup';

export interface LookupGroupsParams {
  readonly names?: readonly string[];
  readonly ids?: readonly number[];
}

export interface GroupSummary {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly isBugGroup: boolean;
  readonly isActive: boolean;
}

export interface LookupGroupsResult {
  readonly groups: readonly GroupSummary[];
  readonly unknownNames: readonly string[];
  readonly unknownIds: readonly number[];
}
