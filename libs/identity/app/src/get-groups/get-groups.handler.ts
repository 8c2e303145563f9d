import {
  CommonErrors,
  GET_GROUPS_SUBJECT,
  type GetGroupsParams,
  type GetGroupsResult,
  type GroupMember,
  type GroupObject,
  hasPermission,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdentityErrors } from '@tracker/identity/domain';
import { CallerRights } from '../caller/caller-rights';
import { type GroupRow, GroupQueries } from '../read-model/groups.queries';
import { type UserRow, UserQueries } from '../read-model/users.queries';

/**
 * Bugzilla's Group.get: for editusers and creategroups members, and for whoever may bless
 * at least one group (805 otherwise). `ids` skip unknown groups, `names` must exist (51);
 * neither: every group, or for a mere blesser the groups it may bless. creategroups members
 * also see is_active, is_bug_group, user_regexp and icon_url. `membership=1` lists every
 * member (direct, by regexp or inherited) of groups the caller may see the members of.
 */
@MessageHandler(GET_GROUPS_SUBJECT)
export class GetGroupsHandler {
  constructor(
    private readonly groups: GroupQueries,
    private readonly users: UserQueries,
    private readonly rights: CallerRights,
  ) {}

  async handle(request: ServiceRequest<GetGroupsParams>): Promise<GetGroupsResult> {
    const { auth, params } = request;
    if (auth.userId === null) throw CommonErrors.loginRequired();
    const isEditUsers = hasPermission(auth, 'editusers');
    const isCreateGroups = hasPermission(auth, 'creategroups');
    const blessable = new Set(await this.rights.blessable(auth));
    if (!isEditUsers && !isCreateGroups && blessable.size === 0) throw IdentityErrors.groupCannotView();
    const rows = await this.select(params, isEditUsers || isCreateGroups, blessable);
    const groups: GroupObject[] = [];
    for (const row of rows) {
      const object: GroupObject = {
        id: row.id,
        name: row.name,
        description: row.description,
        ...(isCreateGroups
          ? { is_active: row.is_active, is_bug_group: row.is_bug_group, user_regexp: row.user_regexp, icon_url: row.icon_url ?? '' }
          : {}),
      };
      if (!params.membership) {
        groups.push(object);
        continue;
      }
      if (!isEditUsers && !isCreateGroups && !blessable.has(row.id)) throw IdentityErrors.groupMembersNotVisible(row.name);
      groups.push({ ...object, membership: (await this.users.membersOf(row.id)).map(member) });
    }
    return { groups };
  }

  private async select(params: GetGroupsParams, seesAll: boolean, blessable: ReadonlySet<number>): Promise<GroupRow[]> {
    if (!params.ids && !params.names) {
      const all = await this.groups.all();
      return seesAll ? all : all.filter((group) => blessable.has(group.id));
    }
    const rows = await this.groups.byIds(params.ids ?? []);
    for (const name of params.names ?? []) {
      if (rows.some((row) => row.name === name)) continue;
      const row = await this.groups.byName(name);
      if (!row) throw IdentityErrors.noGroupNamed(name);
      if (!rows.some((known) => known.id === row.id)) rows.push(row);
    }
    return rows;
  }
}

/** Bugzilla's member object; `nick` (the login before the @, as Bugzilla 5.2's User::nick) is the contract's addition. */
function member(user: UserRow): GroupMember {
  return {
    id: user.id,
    real_name: user.real_name,
    nick: user.login.split('@')[0] ?? user.login,
    name: user.login,
    email: user.login,
    can_login: user.disabled_text === '',
    email_enabled: user.email_enabled,
    login_denied_text: user.disabled_text,
  };
}
