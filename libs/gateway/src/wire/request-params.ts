import { parse as parseQueryString } from 'fast-querystring';
import { CommonErrors, DomainError, param } from '@tracker/contracts';

/**
 * How a REST call's parameters are assembled, as Bugzilla does it: the query string
 * (a repeated parameter becomes an array, marked so that a single-valued parameter takes
 * its first value) over the body (JSON, or form fields), so that the query string wins;
 * keys that are not plain names are dropped at every depth. A GET's body is ignored.
 */
export type Params = Record<string, unknown>;

/** JSON::XS's default max_depth, which Bugzilla's JSON decoding inherits. */
export const MAX_JSON_DEPTH = 512;

export function parseQuery(queryString: string): Params {
  if (!queryString) return {};
  const parsed = parseQueryString(queryString) as Params;
  const params: Params = {};
  for (const key of Object.keys(parsed)) {
    const value = parsed[key];
    // a defined property, never an assignment: `__proto__` must stay a plain key (refused later)
    Object.defineProperty(params, key, {
      value: Array.isArray(value) ? param.repeatedInQuery(value as string[]) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return params;
}

export function parseBody(contentType: string | undefined, body: string | undefined): Params {
  if (body === undefined || body.trim() === '') return {};
  return bodyKind(contentType) === 'form' ? parseQuery(body) : parseJsonObject(body);
}

/** How a body of this Content-Type is read: JSON whatever the text type, or form fields; any other type is refused (32613). */
export function bodyKind(contentType: string | undefined): 'json' | 'form' {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/x-www-form-urlencoded') return 'form';
  if (mediaType === '' || mediaType === 'text/plain' || mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json';
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
  if (depthOf(parsed) > MAX_JSON_DEPTH) {
    throw CommonErrors.userError(
      `Could not parse the request body as valid JSON. Error: it is nested more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  }
  return parsed as Params;
}

/** How deeply arrays and objects nest (without recursion: the nesting is what is being measured). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const inner of Object.values(item)) if (inner !== null && typeof inner === 'object') pending.push([inner, depth + 1]);
  }
  return deepest;
}

/** Query-string parameters override body parameters of the same name. */
export function mergeParams(query: Params, body: Params): Params {
  return { ...body, ...query };
}

const PLAIN_KEY = /^[\w.-]+$/;

/** Drops keys that are not plain parameter names, in nested objects too. */
export function dropUnsafeKeys<T>(value: T): T {
  if (Array.isArray(value)) {
    const kept = value.map((item: unknown) => dropUnsafeKeys(item));
    // a repeated query parameter stays marked as one
    return (param.isRepeatedInQuery(value) ? param.repeatedInQuery(kept as string[]) : kept) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const kept: Params = {};
  for (const [key, inner] of Object.entries(value as Params)) {
    if (PLAIN_KEY.test(key)) kept[key] = dropUnsafeKeys(inner);
  }
  return kept as T;
}
