import { type ApiKeyEvent, assertNever, CommonErrors, type Decider, type DomainError } from '@tracker/contracts';
import { IDENTITY_LIMITS } from '../identity-limits';
import { IdentityErrors } from '../identity.errors';

/** An API key belongs to one user; its owner (or an editusers member) may revoke or describe it. */
export type ApiKeyState =
  | { readonly status: 'absent' }
  | { readonly status: 'present'; readonly id: number; readonly userId: number; readonly revoked: boolean; readonly description: string };

export type ApiKeyCommand = CreateApiKey | ChangeApiKey;

export interface CreateApiKey {
  readonly kind: 'CreateApiKey';
  readonly keyId: number;
  readonly userId: number;
  readonly keyHash: string;
  readonly description: string;
}

export interface ChangeApiKey {
  readonly kind: 'ChangeApiKey';
  readonly keyId: number;
  readonly actorId: number;
  /** editusers members manage everybody's keys (the operator CLI revokes a leaked key) */
  readonly actorManagesOthers: boolean;
  readonly revoked?: boolean;
  readonly description?: string;
}

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: (): ApiKeyState => ({ status: 'absent' }),
  evolve: (state: ApiKeyState, event: ApiKeyEvent): ApiKeyState => {
    if (event.type === 'ApiKeyCreated') {
      const { keyId, userId, description } = event.data;
      return { status: 'present', id: keyId, userId, revoked: false, description };
    }
    if (state.status === 'absent') return state;
    switch (event.type) {
      case 'ApiKeyRevoked':
        return { ...state, revoked: true };
      case 'ApiKeyReinstated':
        return { ...state, revoked: false };
      case 'ApiKeyDescriptionChanged':
        return { ...state, description: event.data.description };
    }
  },
  decide: (command: ApiKeyCommand, state: ApiKeyState): readonly ApiKeyEvent[] | DomainError => {
    switch (command.kind) {
      case 'CreateApiKey':
        return createKey(command, state);
      case 'ChangeApiKey':
        return changeKey(command, state);
      default:
        return assertNever(command, 'API key command');
    }
  },
};

function createKey(command: CreateApiKey, state: ApiKeyState): readonly ApiKeyEvent[] | DomainError {
  if (state.status === 'present') return IdentityErrors.apiKeyNotValid();
  const { keyId, userId, keyHash } = command;
  const description = command.description.trim();
  if (description.length > IDENTITY_LIMITS.apiKeyDescriptionLength) return descriptionTooLong(description);
  return [{ type: 'ApiKeyCreated', data: { keyId, userId, keyHash, description } }];
}

function changeKey(command: ChangeApiKey, state: ApiKeyState): readonly ApiKeyEvent[] | DomainError {
  // somebody else's key is reported as missing, so ids do not reveal other users' keys
  if (state.status === 'absent' || (state.userId !== command.actorId && !command.actorManagesOthers)) {
    return IdentityErrors.noApiKeyWithId(command.keyId);
  }
  const description = command.description?.trim();
  if (description !== undefined && description.length > IDENTITY_LIMITS.apiKeyDescriptionLength) return descriptionTooLong(description);
  const events: ApiKeyEvent[] = [];
  if (command.revoked !== undefined && command.revoked !== state.revoked) {
    events.push(command.revoked ? { type: 'ApiKeyRevoked', data: {} } : { type: 'ApiKeyReinstated', data: {} });
  }
  if (description !== undefined && description !== state.description) {
    events.push({ type: 'ApiKeyDescriptionChanged', data: { previous: state.description, description } });
  }
  return events;
}

function descriptionTooLong(description: string): DomainError {
  return CommonErrors.textTooLong('API key description', IDENTITY_LIMITS.apiKeyDescriptionLength, description.length);
}
