import { deciderSpec } from '@tracker/testing';
import type { ApiKeyEvent } from '@tracker/contracts';
import { apiKeyDecider } from './api-key.decider';

const apiKey = deciderSpec(apiKeyDecider);

const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: { keyId: 4, userId: 7, keyHash: 'ab12', description: 'ci' } };
const change = (actorId: number, fields: { revoked?: boolean; description?: string }, actorManagesOthers = false) =>
  ({ kind: 'ChangeApiKey', keyId: 4, actorId, actorManagesOthers, ...fields }) as const;

describe('API key decider', () => {
  it('given nothing, when created, then created with a trimmed description', () => {
    apiKey.given().when({ kind: 'CreateApiKey', keyId: 4, userId: 7, keyHash: 'ab12', description: ' ci ' }).then([created]);
  });

  it('given a key, when its owner revokes it, then revoked; revoking again changes nothing', () => {
    apiKey
      .given(created)
      .when(change(7, { revoked: true }))
      .then([{ type: 'ApiKeyRevoked', data: {} }]);
    apiKey
      .given(created, { type: 'ApiKeyRevoked', data: {} })
      .when(change(7, { revoked: true }))
      .then([]);
  });

  it('given a revoked key, when reinstated and renamed, then both', () => {
    apiKey
      .given(created, { type: 'ApiKeyRevoked', data: {} })
      .when(change(7, { revoked: false, description: 'laptop' }))
      .then([
        { type: 'ApiKeyReinstated', data: {} },
        { type: 'ApiKeyDescriptionChanged', data: { previous: 'ci', description: 'laptop' } },
      ]);
  });

  it("given somebody else's key, when changed, then reported missing unless the actor manages others' keys", () => {
    apiKey
      .given(created)
      .when(change(8, { revoked: true }))
      .thenRefuses(51, "There is no API key with the id '4'.");
    apiKey
      .given(created)
      .when(change(8, { revoked: true }, true))
      .then([{ type: 'ApiKeyRevoked', data: {} }]);
  });
});
