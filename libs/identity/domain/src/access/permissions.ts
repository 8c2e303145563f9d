import type { Permission } from '@tracker/contracts';

/** The groups that play an installation role (Bugzilla's insidergroup, timetrackinggroup, comment_taggers_group); '' means nobody. */
export interface RoleGroups {
  readonly insider: string;
  readonly timetracker: string;
  readonly commentTagger: string;
}

/** System groups that carry a permission of their own name. */
const GROUP_PERMISSIONS: ReadonlyMap<string, Permission> = new Map<string, Permission>(
  (
    [
      'admin',
      'tweakparams',
      'editusers',
      'creategroups',
      'editclassifications',
      'editcomponents',
      'editkeywords',
      'editbugs',
      'canconfirm',
    ] as const
  ).map((name) => [name, name]),
);

/** The permissions of a member of these groups (effective membership, names as stored). */
export function permissionsFor(groupNames: readonly string[], roles: RoleGroups): Permission[] {
  const names = new Set(groupNames.map((name) => name.toLowerCase()));
  const permissions = [...names].flatMap((name) => {
    const permission = GROUP_PERMISSIONS.get(name);
    return permission ? [permission] : [];
  });
  const role = (group: string, permission: Permission): Permission[] =>
    group !== '' && names.has(group.toLowerCase()) ? [permission] : [];
  return [
    ...permissions,
    ...role(roles.insider, 'insider'),
    ...role(roles.timetracker, 'timetracker'),
    ...role(roles.commentTagger, 'commenttagger'),
  ].sort();
}
