/**
 * Who is calling, resolved by the gateway through identity and sent with every request.
 * Services decide permissions from it alone; they never see credentials.
 */
export interface AuthContext {
  /** null for a logged-out caller */
  readonly userId: number | null;
  readonly login: string | null;
  readonly realName: string;
  /** effective group ids: direct memberships and those granted by a group's user_regexp */
  readonly groupIds: readonly number[];
  readonly groupNames: readonly string[];
  readonly permissions: readonly Permission[];
  /** the client's address as the gateway saw it */
  readonly ip: string | null;
}

/** Capabilities granted by Bugzilla's system groups and installation parameters. */
export type Permission =
  | 'admin'
  | 'tweakparams'
  | 'editusers'
  | 'creategroups'
  | 'editclassifications'
  | 'editcomponents'
  | 'editkeywords'
  | 'editbugs'
  | 'canconfirm'
  | 'insider'
  | 'timetracker'
  | 'commenttagger';

export const ANONYMOUS: AuthContext = Object.freeze({
  userId: null,
  login: null,
  realName: '',
  groupIds: Object.freeze([]),
  groupNames: Object.freeze([]),
  permissions: Object.freeze([]),
  ip: null,
});

export function isLoggedIn(auth: AuthContext): auth is AuthContext & { userId: number; login: string } {
  return auth.userId !== null;
}

export function hasPermission(auth: AuthContext, permission: Permission): boolean {
  return auth.permissions.includes(permission);
}
