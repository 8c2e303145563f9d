import { createHash } from 'node:crypto';
import { type AuthContext, DomainError } from '@tracker/contracts';
import type { Route } from '../routing/route';
import { header } from '../wire/request-headers';
import type { Params } from '../wire/request-params';

/** The IETF httpapi draft's request header, and the one that marks a reply sent again. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADERS: Readonly<Record<string, string>> = { 'idempotency-replayed': 'true' };

const LONGEST_KEY = 255;
const IDEMPOTENT_METHODS = new Set(['POST', 'PUT']);

/**
 * The request's Idempotency-Key, checked; undefined when it has none or its method is not
 * one the gateway keys (GET, HEAD, OPTIONS and DELETE are safe or idempotent already).
 */
export function idempotencyKeyOf(
  method: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  route: Route,
): string | undefined {
  if (!IDEMPOTENT_METHODS.has(method)) return undefined;
  const raw = headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = header(headers, IDEMPOTENCY_KEY_HEADER) ?? '';
  if (Array.isArray(raw) && raw.length > 1) throw invalid('An Idempotency-Key header may be given once only; nothing was done.');
  if (key.length === 0 || key.length > LONGEST_KEY) {
    throw invalid(`An Idempotency-Key has 1 to ${LONGEST_KEY} characters; the one given has ${key.length}. Nothing was done.`);
  }
  // an upload's body is streamed, never held whole to be compared, nor a download's blobs kept
  if (route.upload || route.blobs) throw invalid('This resource does not take an Idempotency-Key; nothing was done.');
  return key;
}

/** Whose key it is and for which resource: a key is its caller's alone (an anonymous caller is its address). */
export function idempotencyScope(auth: AuthContext, ip: string, method: string, path: string): string {
  const caller = auth.userId !== null ? `user:${auth.userId}` : `anonymous:${ip}`;
  return `${caller} ${method} ${path}`;
}

/** SHA-256 of the canonical request: method, path, and its parameters with sorted keys (query and body). */
export function requestHash(method: string, path: string, query: Params, body: Params): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(query), canonical(body)]))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
  );
}

function invalid(message: string): DomainError {
  return new DomainError('idempotencyKeyInvalid', message);
}
