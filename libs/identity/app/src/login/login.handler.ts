import { CommonErrors, LOGIN_SUBJECT, type LoginParams, type LoginResult, loginTokenStream, type ServiceRequest } from '@tracker/contracts';
import { loginTokenDecider } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import type { IdentitySequence } from '../identity.sequences';
import { randomAlphanumeric, secretHash } from '../security/secrets';

/**
 * Bugzilla's User.login. By the time a call arrives the gateway has had identity
 * authenticate its credentials, so a wrong password was already refused and
 * `request.auth` is the caller; a password login gets a token.
 */
@MessageHandler(LOGIN_SUBJECT)
export class LoginHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<IdentitySequence>,
  ) {}

  async handle(request: ServiceRequest<LoginParams>): Promise<LoginResult> {
    const { auth, params } = request;
    if (auth.userId !== null && params.credentials?.method === 'password') {
      const token = await this.issueToken(request, auth.userId, params.credentials.restrictToIp ? auth.ip : null);
      return { id: auth.userId, token };
    }
    // logged in by a key or a token: nothing to issue (Bugzilla's _login_to_hash)
    if (auth.userId !== null) return { id: auth.userId };
    throw CommonErrors.paramRequired(params.login === undefined ? 'login' : 'password');
  }

  /** `<userid>-<10 letters and digits>` as Bugzilla's tokens; only its hash is kept. */
  private async issueToken(request: ServiceRequest, userId: number, ip: string | null): Promise<string> {
    const token = `${userId}-${randomAlphanumeric(10)}`;
    const tokenId = await this.ids.next('login_token_ids');
    await this.commands.run(
      loginTokenDecider,
      loginTokenStream(tokenId),
      { kind: 'IssueLoginToken', tokenId, userId, tokenHash: secretHash(token), ip },
      this.commands.context(request),
    );
    return token;
  }
}
