import { type AuthContext, type Permission, hasPermission, isLoggedIn } from '@tracker/contracts';
import { CatalogErrors } from '@tracker/catalog/domain';

/**
 * The catalog's administration rights, as Bugzilla checks them: log in first (410), then
 * be in the group (304, "Sorry, you aren't a member of the 'editcomponents' group, and so
 * you are not authorized to add, modify or delete components.").
 */
export function requireGroup(auth: AuthContext, group: Permission, action: 'add' | 'edit' | 'run', object: string): void {
  if (!isLoggedIn(auth)) throw CatalogErrors.loginRequired();
  if (!hasPermission(auth, group)) throw CatalogErrors.authFailure(group, action, object);
}
