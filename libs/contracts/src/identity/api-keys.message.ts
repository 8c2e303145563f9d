import { z } from 'zod';
import { param } from '../params';
import type { ChangeReport } from './change-report';

/**
 * Tracker's REST extension for API keys (Bugzilla offers them only on its preferences
 * page): POST /rest/user/api_key creates one for the caller (an editusers member may name
 * another `user`) and shows it once; GET lists the caller's keys (never the keys
 * themselves); PUT /rest/user/api_key/{id} revokes, reinstates or describes one.
 */
export const CREATE_API_KEY_SUBJECT = 'identity.api-keys.create';
export const LIST_API_KEYS_SUBJECT = 'identity.api-keys.list';
export const UPDATE_API_KEY_SUBJECT = 'identity.api-keys.update';

export const createApiKeyParams = z.object({
  description: param.optional(param.string()),
  user: param.optional(param.string()),
});
export type CreateApiKeyParams = z.infer<typeof createApiKeyParams>;

export interface CreateApiKeyResult {
  readonly id: number;
  readonly api_key: string;
}

export const listApiKeysParams = z.object({ user: param.optional(param.string()) });
export type ListApiKeysParams = z.infer<typeof listApiKeysParams>;

export interface ApiKeyObject {
  readonly id: number;
  readonly description: string;
  readonly revoked: boolean;
  readonly creation_time: string;
}

export interface ListApiKeysResult {
  readonly api_keys: readonly ApiKeyObject[];
}

export const updateApiKeyParams = z.object({
  id: param.int(),
  revoked: param.optional(param.bool()),
  description: param.optional(param.string()),
});
export type UpdateApiKeyParams = z.infer<typeof updateApiKeyParams>;

export interface UpdateApiKeyResult {
  readonly api_keys: readonly ChangeReport[];
}
