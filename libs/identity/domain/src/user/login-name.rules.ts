import type { DomainError } from '@tracker/contracts';
import { IDENTITY_LIMITS } from '../identity-limits';
import { IdentityErrors } from '../identity.errors';

/** Bugzilla's default `emailregexp`: what a login (an e-mail address) must look like. */
export const DEFAULT_EMAIL_REGEXP = "^[\\w\\.\\+\\-=']+@[\\w\\.\\-]+\\.[\\w\\-]+$";

/** Bugzilla keeps logins at most 127 characters, so that they fit its token table. */
const MAX_LOGIN_LENGTH = IDENTITY_LIMITS.loginLength;

/**
 * Bugzilla's check_login_name syntax part: the trimmed login must match the installation's
 * e-mail regexp (case-sensitively, as Perl's `=~`), be ASCII and at most 127 characters.
 * Whether it is taken is the handler's question (it needs the read model and a lock).
 */
export function checkLoginName(raw: string, emailRegexp: RegExp): string | DomainError {
  const login = raw.trim();
  if (login === '') return IdentityErrors.loginRequiredForAccount();
  const ascii = /^[\x00-\x7F]*$/.test(login);
  if (!ascii || login.length > MAX_LOGIN_LENGTH || !emailRegexp.test(login)) return IdentityErrors.illegalEmail(login);
  return login;
}
