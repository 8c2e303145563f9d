import { type AuthContext, hasPermission, type UserRef } from '@tracker/contracts';

/**
 * Who acts on or looks at a bug, reduced to what the bug rules ask: their groups and the
 * system permissions of Bugzilla's editbugs, canconfirm, insidergroup and
 * timetrackinggroup. `user` is null for a logged-out caller.
 */
export interface Actor {
  readonly user: UserRef | null;
  readonly groupIds: readonly number[];
  readonly editbugs: boolean;
  readonly canconfirm: boolean;
  readonly insider: boolean;
  readonly timetracker: boolean;
}

export function actorOf(auth: AuthContext): Actor {
  return {
    user: auth.userId === null || auth.login === null ? null : { id: auth.userId, login: auth.login },
    groupIds: auth.groupIds,
    editbugs: hasPermission(auth, 'editbugs'),
    canconfirm: hasPermission(auth, 'canconfirm'),
    insider: hasPermission(auth, 'insider'),
    timetracker: hasPermission(auth, 'timetracker'),
  };
}

/** A logged-in actor; commands that change bugs are only decided for one. */
export type LoggedInActor = Actor & { readonly user: UserRef };

export function isMember(actor: Actor, groupId: number): boolean {
  return actor.groupIds.includes(groupId);
}
