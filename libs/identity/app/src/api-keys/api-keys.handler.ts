import { Injectable } from '@nestjs/common';
import {
  type ApiKeyEvent,
  apiKeyStream,
  type AuthContext,
  type ChangeReport,
  CommonErrors,
  type CreateApiKeyParams,
  type CreateApiKeyResult,
  formatDateTime,
  hasPermission,
  type ListApiKeysParams,
  type ListApiKeysResult,
  type ServiceRequest,
  type UpdateApiKeyParams,
  type UpdateApiKeyResult,
} from '@tracker/contracts';
import { apiKeyDecider, IdentityErrors } from '@tracker/identity/domain';
import { IdentityCommands } from '../commands/identity-commands';
import { CredentialQueries } from '../read-model/credentials.queries';
import { UserQueries } from '../read-model/users.queries';
import { newApiKey, secretHash } from '../security/secrets';

/**
 * Tracker's API key extension. Anybody logged in manages their own keys; editusers
 * members may name another account (`user`), which is how the operator CLI hands out and
 * revokes keys. A new key is returned once and stored only as its hash.
 */
@Injectable()
export class ApiKeysHandler {
  constructor(
    private readonly commands: IdentityCommands,
    private readonly users: UserQueries,
    private readonly credentials: CredentialQueries,
  ) {}

  async create(request: ServiceRequest<CreateApiKeyParams>): Promise<CreateApiKeyResult> {
    const userId = await this.owner(request.auth, request.params.user);
    const apiKey = newApiKey();
    const keyId = await this.commands.nextId('api_key_ids');
    await this.commands.run(
      apiKeyDecider,
      apiKeyStream(keyId),
      { kind: 'CreateApiKey', keyId, userId, keyHash: secretHash(apiKey), description: request.params.description ?? '' },
      this.commands.context(request),
    );
    return { id: keyId, api_key: apiKey };
  }

  async list(request: ServiceRequest<ListApiKeysParams>): Promise<ListApiKeysResult> {
    const userId = await this.owner(request.auth, request.params.user);
    const keys = await this.credentials.apiKeysOf(userId);
    return {
      api_keys: keys.map((key) => ({ id: key.id, description: key.description, revoked: key.revoked, creation_time: formatDateTime(key.created_at) })),
    };
  }

  async update(request: ServiceRequest<UpdateApiKeyParams>): Promise<UpdateApiKeyResult> {
    const { auth, params } = request;
    if (auth.userId === null) throw CommonErrors.loginRequired();
    const result = await this.commands.run(
      apiKeyDecider,
      apiKeyStream(params.id),
      {
        kind: 'ChangeApiKey',
        keyId: params.id,
        actorId: auth.userId,
        actorManagesOthers: hasPermission(auth, 'editusers'),
        ...(params.revoked !== undefined ? { revoked: params.revoked } : {}),
        ...(params.description !== undefined ? { description: params.description } : {}),
      },
      this.commands.context(request),
    );
    return { api_keys: [report(params.id, result.events)] };
  }

  /** The caller, or the named account when the caller is an editusers member. */
  private async owner(auth: AuthContext, user: string | undefined): Promise<number> {
    if (auth.userId === null) throw CommonErrors.loginRequired();
    if (user === undefined || user.toLowerCase() === auth.login?.toLowerCase()) return auth.userId;
    if (!hasPermission(auth, 'editusers')) throw IdentityErrors.notInGroup('editusers', 'add, modify or delete', "other users' API keys");
    const account = await this.users.byLogin(user);
    if (!account) throw IdentityErrors.noUserNamed(user);
    return account.id;
  }
}

function report(id: number, events: readonly ApiKeyEvent[]): ChangeReport {
  const changes: Record<string, { added: string; removed: string }> = {};
  for (const event of events) {
    if (event.type === 'ApiKeyRevoked') changes['revoked'] = { removed: '0', added: '1' };
    if (event.type === 'ApiKeyReinstated') changes['revoked'] = { removed: '1', added: '0' };
    if (event.type === 'ApiKeyDescriptionChanged') changes['description'] = { removed: event.data.previous, added: event.data.description };
  }
  return { id, changes };
}
