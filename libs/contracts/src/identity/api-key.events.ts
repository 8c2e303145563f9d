import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * Events of `apikey-<id>` streams. The key itself is never stored: only its SHA-256 hash,
 * by which an incoming key is looked up.
 */
export const API_KEY_STREAM_PREFIX = 'apikey-';
export const apiKeyStream = (keyId: number): string => `${API_KEY_STREAM_PREFIX}${keyId}`;

export type ApiKeyCreated = DomainEvent<
  'ApiKeyCreated',
  { readonly keyId: number; readonly userId: number; readonly keyHash: string; readonly description: string }
>;
export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', Record<string, never>>;
export type ApiKeyReinstated = DomainEvent<'ApiKeyReinstated', Record<string, never>>;
export type ApiKeyDescriptionChanged = DomainEvent<'ApiKeyDescriptionChanged', { readonly previous: string; readonly description: string }>;

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked | ApiKeyReinstated | ApiKeyDescriptionChanged;

export const apiKeyStreamType = streamType<ApiKeyEvent>(API_KEY_STREAM_PREFIX, {
  ApiKeyCreated: [],
  ApiKeyRevoked: [],
  ApiKeyReinstated: [],
  ApiKeyDescriptionChanged: [],
});
