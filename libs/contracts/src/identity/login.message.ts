import { z } from 'zod';
import type { Credentials } from '../auth/credentials';
import { param } from '../params';

/**
 * GET /rest/login. The gateway authenticates the credentials first (a wrong password never
 * reaches this call) and passes them on, so identity can issue a token for a password
 * login. Already logged in by another method: `{id}` without a token, as Bugzilla.
 */
export const LOGIN_SUBJECT = 'identity.login';

/** what the gateway adds to the parameters of a route declared `credentials: 'passed'` */
export const passedCredentials = z.custom<Credentials | null>((value) => value === null || typeof value === 'object');

export const loginParams = z.object({
  login: param.optional(param.string()),
  password: param.optional(param.string()),
  credentials: passedCredentials,
});
export type LoginParams = z.infer<typeof loginParams>;

export interface LoginResult {
  readonly id: number;
  readonly token?: string;
}

/** GET /rest/logout: ends the session of the token used for this call; `null`. */
export const LOGOUT_SUBJECT = 'identity.logout';
export const logoutParams = z.object({ credentials: passedCredentials });
export type LogoutParams = z.infer<typeof logoutParams>;

/** GET /rest/valid_login: true iff the credentials authenticate as exactly `login`. */
export const VALID_LOGIN_SUBJECT = 'identity.valid-login';
export const validLoginParams = z.object({ login: param.optional(param.string()), credentials: passedCredentials });
export type ValidLoginParams = z.infer<typeof validLoginParams>;
