import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * Events of `logintoken-<id>` streams: the tokens GET /rest/login hands out
 * (`<userid>-<10 random alphanumerics>`, as Bugzilla). Only the token's SHA-256 hash is
 * stored; `ip` is set when the token was restricted to the caller's address.
 */
export const LOGIN_TOKEN_STREAM_PREFIX = 'logintoken-';
export const loginTokenStream = (tokenId: number): string => `${LOGIN_TOKEN_STREAM_PREFIX}${tokenId}`;

export type LoginTokenIssued = DomainEvent<
  'LoginTokenIssued',
  { readonly tokenId: number; readonly userId: number; readonly tokenHash: string; readonly ip: string | null }
>;
export type LoggedOut = DomainEvent<'LoggedOut', Record<string, never>>;

export type LoginTokenEvent = LoginTokenIssued | LoggedOut;

export const loginTokenStreamType = streamType<LoginTokenEvent>(LOGIN_TOKEN_STREAM_PREFIX, { LoginTokenIssued: [], LoggedOut: [] });
