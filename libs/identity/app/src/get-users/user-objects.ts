import type { GroupBrief, UserObject } from '@tracker/contracts';
import type { GroupRow } from '../read-model/groups.queries';
import type { UserRow } from '../read-model/users.queries';

/** What the caller of User.get may see, decided once per request. */
export interface UserViewer {
  readonly userId: number | null;
  readonly isEditUsers: boolean;
  /** null when `groups` is not wanted; else the groups shown to a non-editusers caller about others */
  readonly visibleGroups: { readonly all: readonly GroupRow[]; readonly blessable: ReadonlySet<number> } | null;
  readonly wantsSavedSearches: boolean;
  readonly wantsSavedReports: boolean;
}

/**
 * Bugzilla's User.get object for one user and one caller (golden 10, 19-22, 149): a
 * logged-out caller sees id, real_name and name; a logged-in one also email, can_login and
 * the groups it could bless (all of them about itself, or as editusers); editusers also
 * email_enabled and login_denied_text; oneself also saved searches and reports (Tracker
 * keeps none: empty lists).
 */
export function userObject(user: UserRow, viewer: UserViewer): UserObject {
  if (viewer.userId === null) return { id: user.id, real_name: user.real_name, name: user.login };
  const self = viewer.userId === user.id;
  return {
    id: user.id,
    real_name: user.real_name,
    name: user.login,
    email: user.login,
    can_login: user.disabled_text === '',
    ...(viewer.isEditUsers ? { email_enabled: user.email_enabled, login_denied_text: user.disabled_text } : {}),
    ...(self && viewer.wantsSavedSearches ? { saved_searches: [] } : {}),
    ...(self && viewer.wantsSavedReports ? { saved_reports: [] } : {}),
    ...(viewer.visibleGroups ? { groups: groupsOf(user, self || viewer.isEditUsers, viewer.visibleGroups) } : {}),
  };
}

function groupsOf(user: UserRow, seesAll: boolean, groups: NonNullable<UserViewer['visibleGroups']>): GroupBrief[] {
  const mine = new Set(user.group_ids);
  return groups.all
    .filter((group) => mine.has(group.id) && (seesAll || groups.blessable.has(group.id)))
    .map((group) => ({ id: group.id, name: group.name, description: group.description }));
}
