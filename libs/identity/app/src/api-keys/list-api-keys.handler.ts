import {
  formatDateTime,
  LIST_API_KEYS_SUBJECT,
  type ListApiKeysParams,
  type ListApiKeysResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CredentialQueries } from '../read-model/credentials.queries';
import { UserQueries } from '../read-model/users.queries';
import { keyOwner } from './key-owner';

/** Tracker's API key extension, list: the keys of the caller (or of the account an editusers member names). */
@MessageHandler(LIST_API_KEYS_SUBJECT)
export class ListApiKeysHandler {
  constructor(
    private readonly users: UserQueries,
    private readonly credentials: CredentialQueries,
  ) {}

  async handle(request: ServiceRequest<ListApiKeysParams>): Promise<ListApiKeysResult> {
    const userId = await keyOwner(request.auth, request.params.user, this.users);
    const keys = await this.credentials.apiKeysOf(userId);
    return {
      api_keys: keys.map((key) => ({
        id: key.id,
        description: key.description,
        revoked: key.revoked,
        creation_time: formatDateTime(key.created_at),
      })),
    };
  }
}
