import { loginTokenStream, LOGOUT_SUBJECT, type LogoutParams, type ServiceRequest } from '@tracker/contracts';
import { loginTokenDecider } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { CredentialQueries } from '../read-model/credentials.queries';
import { secretHash } from '../security/secrets';

/** Bugzilla's User.logout: ends the token the call came with; anything else changes nothing. */
@MessageHandler(LOGOUT_SUBJECT)
export class LogoutHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly credentials: CredentialQueries,
  ) {}

  async handle(request: ServiceRequest<LogoutParams>): Promise<null> {
    const { credentials } = request.params;
    if (credentials?.method !== 'token') return null;
    const tokenId = await this.credentials.tokenIdByHash(secretHash(credentials.token.trim()));
    if (tokenId !== undefined) {
      await this.commands.run(loginTokenDecider, loginTokenStream(tokenId), { kind: 'LogOut' }, this.commands.context(request));
    }
    return null;
  }
}
