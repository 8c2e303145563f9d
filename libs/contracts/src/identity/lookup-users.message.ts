import type { Permission } from '../auth/auth-context';

/**
 * Other services ask identity, at the moment of a request, who a login or id is (a
 * component's default assignee, a bug's CC). Logins match case-insensitively; unknown
 * ones are listed back so the caller raises its own error (usually 51).
 */
export const LOOKUP_USERS_SUBJECT = 'identity.users.lookup';

export interface LookupUsersParams {
  readonly logins?: readonly string[];
  readonly ids?: readonly number[];
  /** also each user's effective groups and permissions (`UserAccess`), e.g. for the flags service's requestee and setter checks */
  readonly withAccess?: boolean;
  /** also whether each user receives mail (`emailEnabled`), for the mailer */
  readonly withMail?: boolean;
}

/** Bugzilla's user detail object, plus whether the account may log in. */
export interface UserSummary {
  readonly id: number;
  readonly login: string;
  readonly realName: string;
  readonly email: string;
  readonly canLogin: boolean;
  /** present when asked `withAccess` */
  readonly access?: UserAccess;
  /** present when asked `withMail`: false is Bugzilla's disable_mail */
  readonly emailEnabled?: boolean;
}

/** What the user may see and do, as their AuthContext would carry it (docs/flags.md §1). */
export interface UserAccess {
  /** effective group ids (direct, by regexp and inherited), ascending */
  readonly groupIds: readonly number[];
  readonly permissions: readonly Permission[];
}

export interface LookupUsersResult {
  readonly users: readonly UserSummary[];
  readonly unknownLogins: readonly string[];
  readonly unknownIds: readonly number[];
}
