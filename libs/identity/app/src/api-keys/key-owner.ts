import { type AuthContext, CommonErrors, hasPermission } from '@tracker/contracts';
import { IdentityErrors } from '@tracker/identity/domain';
import type { UserQueries } from '../read-model/users.queries';

/**
 * Whose keys a call manages: the caller's, or the named account's when the caller is an
 * editusers member (how the operator CLI hands out and revokes keys).
 */
export async function keyOwner(auth: AuthContext, user: string | undefined, users: UserQueries): Promise<number> {
  if (auth.userId === null) throw CommonErrors.loginRequired();
  if (user === undefined || user.toLowerCase() === auth.login?.toLowerCase()) return auth.userId;
  if (!hasPermission(auth, 'editusers')) throw IdentityErrors.notInGroup('editusers', 'add, modify or delete', "other users' API keys");
  const account = await users.byLogin(user);
  if (!account) throw IdentityErrors.noUserNamed(user);
  return account.id;
}
