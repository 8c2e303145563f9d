import type { Credentials } from '../auth/credentials';

/**
 * The gateway asks identity who is calling. Identity answers with the caller's
 * AuthContext, or with the error Bugzilla gives for those credentials (bad API key 306,
 * wrong password 300, disabled account 301, unknown or logged-out token 32000).
 */
export const AUTHENTICATE_SUBJECT = 'identity.authenticate';

export interface AuthenticateParams {
  readonly credentials: Credentials;
  readonly ip: string;
  /**
   * the gateway knows `ip` to be the client's own (behind a trusted proxy, or clients
   * connecting directly), not a proxy's that many clients share: only then may failed
   * logins lock the address out of every account (docs/identity.md, "Lockouts")
   */
  readonly ipIdentifiesClient: boolean;
}
