import {
  apiKeyStream,
  CREATE_API_KEY_SUBJECT,
  type CreateApiKeyParams,
  type CreateApiKeyResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { apiKeyDecider } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import type { IdentitySequence } from '../identity.sequences';
import { UserQueries } from '../read-model/users.queries';
import { newApiKey, secretHash } from '../security/secrets';
import { keyOwner } from './key-owner';

/** Tracker's API key extension, create: the new key is returned once and stored only as its hash. */
@MessageHandler(CREATE_API_KEY_SUBJECT)
export class CreateApiKeyHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<IdentitySequence>,
    private readonly users: UserQueries,
  ) {}

  async handle(request: ServiceRequest<CreateApiKeyParams>): Promise<CreateApiKeyResult> {
    const userId = await keyOwner(request.auth, request.params.user, this.users);
    const apiKey = newApiKey();
    const keyId = await this.ids.next('api_key_ids');
    await this.commands.run(
      apiKeyDecider,
      apiKeyStream(keyId),
      { kind: 'CreateApiKey', keyId, userId, keyHash: secretHash(apiKey), description: request.params.description ?? '' },
      this.commands.context(request),
    );
    return { id: keyId, api_key: apiKey };
  }
}
