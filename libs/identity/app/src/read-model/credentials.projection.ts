import type { EntityManager } from 'typeorm';
import type { ApiKeyEvent, LoginTokenEvent } from '@tracker/contracts';
import { IdSequence, schemaOf } from '@tracker/platform/read-model';

/** Applies one `apikey-<id>` event to `api_keys`. */
export async function applyApiKeyEvent(manager: EntityManager, keyId: number, event: ApiKeyEvent, occurredAt: string): Promise<void> {
  const s = schemaOf(manager.connection);
  switch (event.type) {
    case 'ApiKeyCreated':
      await manager.query(`INSERT INTO ${s}.api_keys (id, user_id, key_hash, description, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        keyId,
        event.data.userId,
        event.data.keyHash,
        event.data.description,
        occurredAt,
      ]);
      await IdSequence.advancePast(manager, 'api_key_ids', keyId);
      return;
    case 'ApiKeyRevoked':
    case 'ApiKeyReinstated':
      await manager.query(`UPDATE ${s}.api_keys SET revoked = $2 WHERE id = $1`, [keyId, event.type === 'ApiKeyRevoked']);
      return;
    case 'ApiKeyDescriptionChanged':
      await manager.query(`UPDATE ${s}.api_keys SET description = $2 WHERE id = $1`, [keyId, event.data.description]);
      return;
  }
}

/** Applies one `logintoken-<id>` event to `login_tokens`: a logged-out token is simply gone. */
export async function applyLoginTokenEvent(
  manager: EntityManager,
  tokenId: number,
  event: LoginTokenEvent,
  occurredAt: string,
): Promise<void> {
  const s = schemaOf(manager.connection);
  switch (event.type) {
    case 'LoginTokenIssued':
      await manager.query(`INSERT INTO ${s}.login_tokens (id, user_id, token_hash, ip, issued_at) VALUES ($1, $2, $3, $4, $5)`, [
        tokenId,
        event.data.userId,
        event.data.tokenHash,
        event.data.ip,
        occurredAt,
      ]);
      await IdSequence.advancePast(manager, 'login_token_ids', tokenId);
      return;
    case 'LoggedOut':
      await manager.query(`DELETE FROM ${s}.login_tokens WHERE id = $1`, [tokenId]);
      return;
  }
}
