import { Injectable } from '@nestjs/common';
import { type AuthContext, hasPermission } from '@tracker/contracts';
import { blessableGroupIds } from '@tracker/identity/domain';
import { GroupQueries } from '../read-model/groups.queries';
import { UserQueries } from '../read-model/users.queries';

/** What the caller of a request may do beyond its AuthContext's permissions: which groups it may bless. */
@Injectable()
export class CallerRights {
  constructor(
    private readonly users: UserQueries,
    private readonly groups: GroupQueries,
  ) {}

  /** Bugzilla's bless_groups of the caller: group ids, ascending (none for a logged-out caller). */
  async blessable(auth: AuthContext): Promise<number[]> {
    if (auth.userId === null) return [];
    const [caller, groups] = await Promise.all([this.users.byId(auth.userId), this.groups.all()]);
    return blessableGroupIds(
      {
        isEditUsers: hasPermission(auth, 'editusers'),
        effectiveGroupIds: auth.groupIds,
        directBlessGroupIds: caller?.bless_group_ids ?? [],
      },
      groups.map((group) => ({ id: group.id, blessGroupIds: group.bless_group_ids })),
    );
  }
}
