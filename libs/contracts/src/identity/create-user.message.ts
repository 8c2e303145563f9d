import { z } from 'zod';
import { param } from '../params';

/**
 * POST /rest/user (editusers). `name` is read as `full_name` when that is absent, because
 * python-bugzilla's createuser sends it so; `login` is ignored (logins are e-mail addresses).
 */
export const CREATE_USER_SUBJECT = 'identity.users.create';

export const createUserParams = z.object({
  email: param.optional(param.string()),
  full_name: param.optional(param.string()),
  name: param.optional(param.string()),
  password: param.optional(param.string()),
});
export type CreateUserParams = z.infer<typeof createUserParams>;

export interface CreateUserResult {
  readonly id: number;
}
