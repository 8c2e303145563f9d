/**
 * The groups a fresh installation has: Bugzilla's checksetup groups, in its order (so ids
 * match a fresh Bugzilla: admin 1 ... bz_quip_moderators 14), then Tracker's insider and
 * time-tracking groups. `inheritedBy` lists groups whose members are members of this one.
 */
export interface SystemGroupDefinition {
  readonly name: string;
  readonly description: string;
  readonly userRegexp: string;
  readonly inheritedBy: readonly string[];
}

const group = (name: string, description: string, extra: Partial<SystemGroupDefinition> = {}): SystemGroupDefinition => ({
  name,
  description,
  userRegexp: '',
  inheritedBy: [],
  ...extra,
});

export const ADMIN_GROUP = 'admin';

export const BUGZILLA_SYSTEM_GROUPS: readonly SystemGroupDefinition[] = [
  group(ADMIN_GROUP, 'Administrators'),
  group('tweakparams', 'Can change Parameters'),
  group('editusers', 'Can edit or disable users'),
  group('creategroups', 'Can create and destroy groups'),
  group('editclassifications', 'Can create, destroy, and edit classifications'),
  group('editcomponents', 'Can create, destroy, and edit components'),
  group('editkeywords', 'Can create, destroy, and edit keywords'),
  // stock Bugzilla: every account can edit bugs; an administrator narrows it with PUT /rest/group
  group('editbugs', 'Can edit all bug fields', { userRegexp: '.*' }),
  group('canconfirm', 'Can confirm a bug or mark it a duplicate'),
  group('bz_canusewhineatothers', 'Can configure whine reports for other users'),
  group('bz_canusewhines', 'User can configure whine reports for self', { inheritedBy: ['editbugs', 'bz_canusewhineatothers'] }),
  group('bz_sudoers', 'Can perform actions as other users'),
  group('bz_sudo_protect', 'Can not be impersonated by other users', { inheritedBy: ['bz_sudoers'] }),
  group('bz_quip_moderators', 'Can moderate quips'),
];

export const INSIDER_GROUP_DESCRIPTION = 'Can see and make private comments and attachments';
export const TIMETRACKING_GROUP_DESCRIPTION = 'Can see and edit time-tracking information';

/** Bugzilla's groups plus the configured insider and time-tracking groups when they are new names. */
export function systemGroups(roles: { readonly insider: string; readonly timetracker: string }): SystemGroupDefinition[] {
  const known = new Set(BUGZILLA_SYSTEM_GROUPS.map((definition) => definition.name.toLowerCase()));
  const extra = [group(roles.insider, INSIDER_GROUP_DESCRIPTION), group(roles.timetracker, TIMETRACKING_GROUP_DESCRIPTION)].filter(
    (definition) => {
      const key = definition.name.toLowerCase();
      if (definition.name === '' || known.has(key)) return false;
      known.add(key);
      return true;
    },
  );
  return [...BUGZILLA_SYSTEM_GROUPS, ...extra];
}
