import { z } from 'zod';
import { param } from '../params';
import type { ChangeReport } from './change-report';
import { unknownKeys, withPathTarget } from './path-target';

/**
 * PUT /rest/user/{id_or_name} (Bugzilla's User.update). Unknown keys are collected, not
 * dropped: Bugzilla refuses them (67399) once it has checked the caller's rights.
 */
export const UPDATE_USER_SUBJECT = 'identity.users.update';

/** group ids or names; `set` wins over `add` / `remove` */
export const groupChangeParams = z.object({
  add: param.optional(param.list(param.string())),
  remove: param.optional(param.list(param.string())),
  set: param.optional(param.list(param.string())),
});
export type GroupChangeParams = z.infer<typeof groupChangeParams>;

const fields = {
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
  full_name: param.optional(param.string()),
  /** Bugzilla's setter behind full_name, accepted under its own name too */
  name: param.optional(param.string()),
  email: param.optional(param.string()),
  /** Bugzilla's setter behind email */
  login: param.optional(param.string()),
  password: param.optional(param.string()),
  email_enabled: param.optional(param.bool()),
  login_denied_text: param.optional(param.string()),
  groups: param.optional(groupChangeParams),
  bless_groups: param.optional(groupChangeParams),
};

export const updateUserParams = z.looseObject(fields).transform((value) => {
  const { id_or_name, ids, names, full_name, name, email, login, password, email_enabled, login_denied_text, groups, bless_groups } = value;
  return {
    ...withPathTarget(id_or_name, { ...(ids ? { ids } : {}), ...(names ? { names } : {}) }),
    full_name: full_name ?? name,
    email: email ?? login,
    password,
    email_enabled,
    login_denied_text,
    groups,
    bless_groups,
    unknownFields: unknownKeys(value, Object.keys(fields)),
  };
});
export type UpdateUserParams = z.infer<typeof updateUserParams>;

export interface UpdateUsersResult {
  readonly users: readonly ChangeReport[];
}
