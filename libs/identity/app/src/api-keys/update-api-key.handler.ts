import {
  type ApiKeyEvent,
  apiKeyStream,
  type ChangeReport,
  CommonErrors,
  hasPermission,
  type ServiceRequest,
  UPDATE_API_KEY_SUBJECT,
  type UpdateApiKeyParams,
  type UpdateApiKeyResult,
} from '@tracker/contracts';
import { apiKeyDecider } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';

/** Tracker's API key extension, update: revoke, reinstate or describe a key; owners and editusers members only. */
@MessageHandler(UPDATE_API_KEY_SUBJECT)
export class UpdateApiKeyHandler {
  constructor(private readonly commands: CommandRunner) {}

  async handle(request: ServiceRequest<UpdateApiKeyParams>): Promise<UpdateApiKeyResult> {
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
