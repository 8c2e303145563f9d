import { parse as parseQueryString } from 'fast-querystring';
import { CommonErrors, DomainError } from '@tracker/contracts';

/**
 * How a REST call's parameters are assembled, as Bugzilla does it: the query string
 * (a repeated parameter becomes an array) over the body (JSON, or form fields), so that
 * the query string wins; keys that are not plain names are dropped at every depth.
 * A GET's body is ignored.
 */
export type Params = Record<string, unknown>;

export function parseQuery(queryString: string): Params {
  if (!queryString) return {};
  return { ...(parseQueryString(queryString) as Params) };
}

export function parseBody(contentType: string | undefined, body: string | undefined): Params {
  if (body === undefined || body.trim() === '') return {};
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/x-www-form-urlencoded') return parseQuery(body);
  if (mediaType === '' || mediaType === 'text/plain' || mediaType === 'application/json' || mediaType.endsWith('+json')) {
    return parseJsonObject(body);
  }
  throw new DomainError(
    'illegalContentType',
    `The Content-Type '${mediaType}' is not supported: send the parameters as JSON (application/json).`,
  );
}

function parseJsonObject(body: string): Params {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw CommonErrors.userError(`Could not parse the request body as valid JSON. Error: ${why}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw CommonErrors.userError('The request body must be a JSON object of parameters.');
  }
  return parsed as Params;
}

/** Query-string parameters override body parameters of the same name. */
export function mergeParams(query: Params, body: Params): Params {
  return { ...body, ...query };
}

const PLAIN_KEY = /^[\w.-]+$/;

/** Drops keys that are not plain parameter names, in nested objects too. */
export function dropUnsafeKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => dropUnsafeKeys(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const kept: Params = {};
  for (const [key, inner] of Object.entries(value as Params)) {
    if (PLAIN_KEY.test(key)) kept[key] = dropUnsafeKeys(inner);
  }
  return kept as T;
}
