/** A request's headers as Node gives them (lower-case names). */
export type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Headers of every response, the two protective ones with Bugzilla's values (its CGI
 * sends them on every answer: golden exchanges). The CORS request-header list goes only
 * on OPTIONS (the preflight that reads it): every byte here is paid on every call.
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  vary: 'Accept',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

/** A 503 says when to come back: the service is restarting, or waits for an administrator. */
export const RETRY_AFTER_SECONDS = '10';

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-headers':
    'origin, content-type, accept, x-requested-with, authorization, x-tracker-api-key, x-tracker-login, x-tracker-password, x-tracker-token, x-bugzilla-api-key, x-bugzilla-login, x-bugzilla-password, x-bugzilla-token, idempotency-key',
  'access-control-max-age': '600',
};

/** A header's value, a repeated one joined as HTTP joins them. */
export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A client's own correlation id is echoed only when it is this plain. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function correlationIdOf(headers: Headers): string | undefined {
  const value = header(headers, 'x-correlation-id') ?? header(headers, 'x-request-id');
  return value && SAFE_ID.test(value) ? value : undefined;
}
