import { z } from 'zod';
import { param } from '../params';
import { withPathTarget } from './path-target';

/**
 * GET /rest/user and /rest/user/{id_or_name} (Bugzilla's User.get). Which fields a user
 * object carries depends on the caller: see `UserObject`.
 */
export const GET_USERS_SUBJECT = 'identity.users.get';

export const getUsersParams = z
  .object({
    id_or_name: param.optional(param.string()),
    ids: param.optional(param.list(param.int())),
    names: param.optional(param.list(param.string())),
    match: param.optional(param.list(param.string())),
    limit: param.optional(param.int()),
    include_disabled: param.optional(param.bool()),
    group_ids: param.optional(param.list(param.int())),
    groups: param.optional(param.list(param.string())),
  })
  .transform(({ id_or_name, ...rest }) => ({ ...rest, ...withPathTarget(id_or_name, rest) }));
export type GetUsersParams = z.infer<typeof getUsersParams>;

export interface GroupBrief {
  readonly id: number;
  readonly name: string;
  readonly description: string;
}

export interface SavedSearch {
  readonly id: number;
  readonly name: string;
  readonly query: string;
}

/**
 * Logged out: id, real_name, name. Logged in: also email, can_login, groups (all for
 * oneself or editusers, else the ones the caller can bless). editusers: also
 * email_enabled and login_denied_text. Oneself: saved_searches, saved_reports.
 */
// a type alias (not an interface), so that response filters may treat it as a plain record
export type UserObject = {
  readonly id: number;
  readonly real_name: string;
  readonly name: string;
  readonly email?: string;
  readonly can_login?: boolean;
  readonly email_enabled?: boolean;
  readonly login_denied_text?: string;
  readonly groups?: readonly GroupBrief[];
  readonly saved_searches?: readonly SavedSearch[];
  readonly saved_reports?: readonly SavedSearch[];
};

export interface GetUsersResult {
  readonly users: readonly UserObject[];
}
