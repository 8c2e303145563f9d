/**
 * Commands on a user stream. Everything that varies (the new id, the password hash with
 * its random salt) is computed by the handler; names are resolved to group ids and
 * checked for bless rights before a command is built.
 */
export type UserCommand = CreateUser | ChangeUser;

export interface CreateUser {
  readonly kind: 'CreateUser';
  readonly userId: number;
  readonly login: string;
  readonly realName: string;
  /** null: the account cannot log in with a password until one is set */
  readonly passwordHash: string | null;
  readonly groups: readonly number[];
  readonly blessGroups: readonly number[];
}

/**
 * Bugzilla's `groups` / `bless_groups` object: `set` replaces the direct memberships (and
 * then add/remove are ignored); otherwise `remove` is applied, then `add`, so a group in
 * both ends up added.
 */
export type GroupChange = { readonly set: readonly number[] } | { readonly add: readonly number[]; readonly remove: readonly number[] };

export interface ChangeUser {
  readonly kind: 'ChangeUser';
  readonly userId: number;
  readonly realName?: string;
  readonly login?: string;
  /** a new hash; passing one always counts as a change (a new salt), as in Bugzilla */
  readonly passwordHash?: string | null;
  readonly emailEnabled?: boolean;
  /** '' allows login again */
  readonly disabledText?: string;
  readonly groups?: GroupChange;
  readonly blessGroups?: GroupChange;
  /** groups the caller may bless: a `set` keeps the current memberships outside them */
  readonly blessable: readonly number[] | 'all';
}
