import { type Credentials, param, parseParams } from '@tracker/contracts';
import type { Params } from './request-params';

/**
 * Finds the caller's credentials in any spelling the contract and Bugzilla clients use:
 * parameters `Tracker_*`, `Bugzilla_*` or plain (`api_key`; `login` with `password`, taken
 * as credentials only when both are there; `token`), in the query string or body, and the
 * headers X-TRACKER-* / X-BUGZILLA-* and `Authorization: Bearer`. Headers win over
 * parameters. When several methods are present, login+password wins over a token, which
 * wins over an API key (Bugzilla's order); the chosen one must then be valid. Every
 * credential parameter is removed, so no service, log or event ever sees one.
 */
export interface ExtractedCredentials {
  readonly credentials: Credentials | null;
  readonly params: Params;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const PREFIXES = ['Tracker_', 'Bugzilla_'] as const;
const CREDENTIAL_NAMES = ['api_key', 'login', 'password', 'token', 'restrictlogin', 'api_token'];

export function extractCredentials(raw: Params, headers: Headers, keepPlainLoginParams = false): ExtractedCredentials {
  if (!mayHoldCredentials(raw, headers)) return { credentials: null, params: raw };
  const params = { ...raw };
  const take = (name: string): string | undefined => {
    let found: string | undefined;
    for (const prefix of PREFIXES) {
      const value = params[`${prefix}${name}`];
      delete params[`${prefix}${name}`];
      found ??= single(value);
    }
    return found;
  };
  const header = (name: string): string | undefined => single(headers[`x-tracker-${name}`]) ?? single(headers[`x-bugzilla-${name}`]);

  const plainLogin = single(params['login']);
  const plainPassword = single(params['password']);
  const bothPlain = plainLogin !== undefined && plainPassword !== undefined;
  const login = header('login') ?? take('login') ?? (bothPlain ? plainLogin : undefined);
  const password = header('password') ?? take('password') ?? (bothPlain ? plainPassword : undefined);
  const restrict = take('restrictlogin') ?? single(params['restrict_login']);
  const token = header('token') ?? take('token') ?? single(params['token']);
  const apiKey = header('api-key') ?? bearer(headers['authorization']) ?? take('api_key') ?? single(params['api_key']);
  take('api_token');

  if (bothPlain && !keepPlainLoginParams) {
    delete params['login'];
    delete params['password'];
  }
  delete params['token'];
  delete params['api_key'];
  delete params['restrict_login'];

  if (login !== undefined && password !== undefined) {
    const restrictToIp = restrict !== undefined && parseParams(param.bool(), restrict);
    return { credentials: { method: 'password', login, password, restrictToIp }, params };
  }
  if (token !== undefined) return { credentials: { method: 'token', token }, params };
  if (apiKey !== undefined) return { credentials: { method: 'api_key', apiKey }, params };
  return { credentials: null, params };
}

/** The names under which credentials may arrive, for documentation and tests. */
export const CREDENTIAL_PARAMETERS: readonly string[] = [
  ...PREFIXES.flatMap((prefix) => CREDENTIAL_NAMES.map((name) => `${prefix}${name}`)),
  'api_key',
  'login',
  'password',
  'token',
  'restrict_login',
];

const CREDENTIAL_KEY = /^(?:Tracker_|Bugzilla_|api_key$|login$|password$|token$|restrict_login$)/;
const CREDENTIAL_HEADER = /^(?:x-tracker-|x-bugzilla-|authorization$)/;

/** The common case, a call without any credentials, is recognised without copying anything. */
function mayHoldCredentials(params: Params, headers: Headers): boolean {
  for (const key in params) if (CREDENTIAL_KEY.test(key)) return true;
  for (const key in headers) if (CREDENTIAL_HEADER.test(key)) return true;
  return false;
}

function single(value: unknown): string | undefined {
  const scalar: unknown = Array.isArray(value) ? value.at(-1) : value;
  if (typeof scalar === 'string') return scalar;
  if (typeof scalar === 'number') return String(scalar);
  return undefined;
}

function bearer(value: string | string[] | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(single(value) ?? '');
  return match?.[1];
}
