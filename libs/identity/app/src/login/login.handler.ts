import { Injectable } from '@nestjs/common';
import {
  CommonErrors,
  type LoginParams,
  type LoginResult,
  type LogoutParams,
  loginTokenStream,
  type ServiceRequest,
  type ValidLoginParams,
} from '@tracker/contracts';
import { loginTokenDecider } from '@tracker/identity/domain';
import { IdentityCommands } from '../commands/identity-commands';
import { CredentialQueries } from '../read-model/credentials.queries';
import { randomAlphanumeric, secretHash } from '../security/secrets';

/**
 * Bugzilla's User.login, User.logout and User.valid_login. By the time a call arrives the
 * gateway has had identity authenticate its credentials, so a wrong password was already
 * refused and `request.auth` is the caller.
 */
@Injectable()
export class LoginHandler {
  constructor(
    private readonly commands: IdentityCommands,
    private readonly credentials: CredentialQueries,
  ) {}

  async login(request: ServiceRequest<LoginParams>): Promise<LoginResult> {
    const { auth, params } = request;
    if (auth.userId !== null && params.credentials?.method === 'password') {
      const token = await this.issueToken(request, auth.userId, params.credentials.restrictToIp ? auth.ip : null);
      return { id: auth.userId, token };
    }
    // logged in by a key or a token: nothing to issue (Bugzilla's _login_to_hash)
    if (auth.userId !== null) return { id: auth.userId };
    throw CommonErrors.paramRequired(params.login === undefined ? 'login' : 'password');
  }

  async logout(request: ServiceRequest<LogoutParams>): Promise<null> {
    const { credentials } = request.params;
    if (credentials?.method !== 'token') return null;
    const tokenId = await this.credentials.tokenIdByHash(secretHash(credentials.token.trim()));
    if (tokenId !== undefined) {
      await this.commands.run(loginTokenDecider, loginTokenStream(tokenId), { kind: 'LogOut' }, this.commands.context(request));
    }
    return null;
  }

  validLogin(request: ServiceRequest<ValidLoginParams>): boolean {
    const { auth, params } = request;
    if (params.login === undefined) throw CommonErrors.paramRequired('login');
    // Bugzilla compares the login exactly, case included
    return auth.userId !== null && auth.login === params.login;
  }

  /** `<userid>-<10 letters and digits>` as Bugzilla's tokens; only its hash is kept. */
  private async issueToken(request: ServiceRequest, userId: number, ip: string | null): Promise<string> {
    const token = `${userId}-${randomAlphanumeric(10)}`;
    const tokenId = await this.commands.nextId('login_token_ids');
    await this.commands.run(
      loginTokenDecider,
      loginTokenStream(tokenId),
      { kind: 'IssueLoginToken', tokenId, userId, tokenHash: secretHash(token), ip },
      this.commands.context(request),
    );
    return token;
  }
}
