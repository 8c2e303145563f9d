import { z } from 'zod';
import { param } from '../params';
import { withPathTarget } from './path-target';

/** GET /rest/group and /rest/group/{id_or_name} (Bugzilla's Group.get). */
export const GET_GROUPS_SUBJECT = 'identity.groups.get';

export const getGroupsParams = z
  .object({
    id_or_name: param.optional(param.string()),
    ids: param.optional(param.list(param.int())),
    names: param.optional(param.list(param.string())),
    membership: param.optional(param.bool()),
  })
  .transform(({ id_or_name, ...rest }) => ({ ...rest, ...withPathTarget(id_or_name, rest) }));
export type GetGroupsParams = z.infer<typeof getGroupsParams>;

export interface GroupMember {
  readonly id: number;
  readonly real_name: string;
  readonly nick: string;
  readonly name: string;
  readonly email: string;
  readonly can_login: boolean;
  readonly email_enabled: boolean;
  readonly login_denied_text: string;
}

/** is_active, is_bug_group, user_regexp and icon_url for creategroups members only */
export interface GroupObject {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly is_active?: boolean;
  readonly is_bug_group?: boolean;
  readonly user_regexp?: string;
  readonly icon_url?: string;
  readonly membership?: readonly GroupMember[];
}

export interface GetGroupsResult {
  readonly groups: readonly GroupObject[];
}
