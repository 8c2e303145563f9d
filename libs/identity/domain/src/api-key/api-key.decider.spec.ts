import { given } from '../testing/given-when';
import { apiKeyDecider } from './api-key.decider';
import type { ApiKeyEvent } from '@tracker/contracts';

const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: { keyId: 4, userId: 7, keyHash: 'ab12', description: 'ci' } };
const change = (actorId: number, fields: { revoked?: boolean; description?: string }, actorManagesOthers = false) =>
  ({ kind: 'ChangeApiKey', keyId: 4, actorId, actorManagesOthers, ...fields }) as const;

describe('API key decider', () => {
  it('given nothing, when created, then created with a trimmed description', () => {
    expect(given(apiKeyDecider, []).when({ kind: 'CreateApiKey', keyId: 4, userId: 7, keyHash: 'ab12', description: ' ci ' })).toEqual([created]);
  });

  it('given a key, when its owner revokes it, then revoked; revoking again changes nothing', () => {
    expect(given(apiKeyDecider, [created]).when(change(7, { revoked: true }))).toEqual([{ type: 'ApiKeyRevoked', data: {} }]);
    expect(given(apiKeyDecider, [created, { type: 'ApiKeyRevoked', data: {} }]).when(change(7, { revoked: true }))).toEqual([]);
  });

  it('given a revoked key, when reinstated and renamed, then both', () => {
    expect(given(apiKeyDecider, [created, { type: 'ApiKeyRevoked', data: {} }]).when(change(7, { revoked: false, description: 'laptop' }))).toEqual([
      { type: 'ApiKeyReinstated', data: {} },
      { type: 'ApiKeyDescriptionChanged', data: { previous: 'ci', description: 'laptop' } },
    ]);
  });

  it("given somebody else's key, when changed, then reported missing unless the actor manages others' keys", () => {
    expect(given(apiKeyDecider, [created]).when(change(8, { revoked: true }))).toMatchObject({ code: 51, message: "There is no API key with the id '4'." });
    expect(given(apiKeyDecider, [created]).when(change(8, { revoked: true }, true))).toEqual([{ type: 'ApiKeyRevoked', data: {} }]);
  });
});
