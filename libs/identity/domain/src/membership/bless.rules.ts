/**
 * Which groups a user may bless (grant membership of), as Bugzilla's bless_groups: every
 * group for editusers members; otherwise the groups of their direct bless grants and the
 * groups whose bless is granted to a group they are in (admin blesses every later group).
 */
export interface GroupBlessGrants {
  readonly id: number;
  /** groups whose members may bless this one */
  readonly blessGroupIds: readonly number[];
}

export interface Blesser {
  readonly isEditUsers: boolean;
  readonly effectiveGroupIds: readonly number[];
  readonly directBlessGroupIds: readonly number[];
}

export function blessableGroupIds(blesser: Blesser, groups: readonly GroupBlessGrants[]): number[] {
  if (blesser.isEditUsers) return groups.map((group) => group.id).sort((a, b) => a - b);
  const mine = new Set(blesser.effectiveGroupIds);
  const direct = new Set(blesser.directBlessGroupIds);
  return groups
    .filter((group) => direct.has(group.id) || group.blessGroupIds.some((id) => mine.has(id)))
    .map((group) => group.id)
    .sort((a, b) => a - b);
}
