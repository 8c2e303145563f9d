import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext, AuthenticateParams, Credentials, ServiceRequest } from '@tracker/contracts';
import { IdentityErrors } from '@tracker/identity/domain';
import { CLOCK, type Clock } from '@tracker/platform/command-handler';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { type AuthRow, CredentialQueries } from '../read-model/credentials.queries';
import { secretHash } from '../security/secrets';
import { authContextFor } from './auth-context.factory';
import { PasswordLogin } from './password-login';

/** Login tokens live 30 days from their issue, as Bugzilla's unused login cookies. */
const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const TOKEN = /^(\d+)-(.+)$/;

/**
 * `identity.authenticate`: turns the credentials of a request into the caller's
 * AuthContext, or the error Bugzilla gives for them. Every method ends with the same
 * check: a disabled account is refused (301) whatever proved who it is.
 */
@Injectable()
export class AuthenticateHandler {
  constructor(
    private readonly credentials: CredentialQueries,
    private readonly passwordLogin: PasswordLogin,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async handle(request: ServiceRequest<AuthenticateParams>): Promise<AuthContext> {
    const { credentials, ip } = request.params;
    // a caller that does not say the address is the client's own gets the safe answer: it may be shared
    const account = await this.account(credentials, ip, request.params.ipIdentifiesClient === true);
    if (account.disabled_text !== '') throw IdentityErrors.accountDisabled(account.disabled_text, this.options.admin.login);
    return authContextFor(account, this.options, ip);
  }

  private async account(credentials: Credentials, ip: string, ipIdentifiesClient: boolean): Promise<AuthRow> {
    switch (credentials.method) {
      case 'api_key': {
        const found = await this.credentials.byApiKeyHash(secretHash(credentials.apiKey.trim()));
        if (!found) throw IdentityErrors.apiKeyNotValid();
        if (found.revoked) throw IdentityErrors.apiKeyRevoked();
        return found;
      }
      case 'token': {
        // unlike Bugzilla, a malformed token is an error too: bad credentials never mean "logged out"
        const token = credentials.token.trim();
        const parts = TOKEN.exec(token);
        const issuedAfter = new Date(this.clock.now().getTime() - TOKEN_LIFETIME_MS);
        const found = parts && (await this.credentials.byLoginToken(secretHash(token), Number(parts[1]), ip, issuedAfter));
        if (!found) throw IdentityErrors.invalidCookiesOrToken();
        return found;
      }
      case 'password':
        return this.passwordLogin.verify(credentials.login, credentials.password, { ip, identifiesClient: ipIdentifiesClient });
    }
  }
}
