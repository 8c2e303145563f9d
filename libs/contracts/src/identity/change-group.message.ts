import { z } from 'zod';
import { param } from '../params';
import type { ChangeReport } from './change-report';
import { unknownKeys, withPathTarget } from './path-target';

/** POST /rest/group (creategroups): a bug group, which the admin group joins and may bless. */
export const CREATE_GROUP_SUBJECT = 'identity.groups.create';

export const createGroupParams = z.object({
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  user_regexp: param.optional(param.string()),
  is_active: param.optional(param.bool()),
  icon_url: param.optional(param.string()),
});
export type CreateGroupParams = z.infer<typeof createGroupParams>;

export interface CreateGroupResult {
  readonly id: number;
}

/** PUT /rest/group/{id_or_name} (creategroups); unknown keys are refused with 67399. */
export const UPDATE_GROUP_SUBJECT = 'identity.groups.update';

const fields = {
  id_or_name: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(param.string())),
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  user_regexp: param.optional(param.string()),
  is_active: param.optional(param.bool()),
  icon_url: param.optional(param.string()),
};

export const updateGroupParams = z.looseObject(fields).transform((value) => {
  const { id_or_name, ids, names, name, description, user_regexp, is_active, icon_url } = value;
  return {
    ...withPathTarget(id_or_name, { ...(ids ? { ids } : {}), ...(names ? { names } : {}) }),
    name,
    description,
    user_regexp,
    is_active,
    icon_url,
    unknownFields: unknownKeys(value, Object.keys(fields)),
  };
});
export type UpdateGroupParams = z.infer<typeof updateGroupParams>;

export interface UpdateGroupsResult {
  readonly groups: readonly ChangeReport[];
}
