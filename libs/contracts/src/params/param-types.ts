import { z } from 'zod';
import { ErrorCode } from '../errors/error-codes';

/**
 * Building blocks of the one parameter schema each endpoint has. Bugzilla clients send
 * numbers as strings, booleans as True/False or 1/0, one value where a list is allowed,
 * and null where nothing was meant; these accept all of that and coerce it once. A bad
 * value becomes an issue carrying the Bugzilla error code that `parseParams` reports.
 *
 * A single-valued parameter repeated in the query string (`?permissive=1&permissive=0`)
 * takes its first value, as Bugzilla's REST server reads the query string of a call
 * (CGI `url_param` in scalar context); a list parameter takes them all.
 */
export const BUGZILLA_CODE = 'bugzillaCode';

/** Bugzilla's ids and counts are 32-bit columns (`int(11)`, `mediumint`): no integer parameter goes beyond. */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

const REPEATED = Symbol('repeated in the query string');

/** Marks the values of a parameter repeated in the query string (the gateway does, when it reads one). */
export function repeatedInQuery(values: string[]): string[] {
  Object.defineProperty(values, REPEATED, { value: true, enumerable: false });
  return values;
}

export function isRepeatedInQuery(value: unknown): value is string[] {
  return Array.isArray(value) && REPEATED in value;
}

/** The value a single-valued parameter takes: the first of a repeated query parameter, else the value itself. */
function single(value: unknown): unknown {
  return isRepeatedInQuery(value) ? value[0] : value;
}

type Context = z.RefinementCtx;

function fail(ctx: Context, code: number, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { [BUGZILLA_CODE]: code } });
  return z.NEVER;
}

/** Messages name the parameter with this token; parseParams puts the issue's path in. */
export const PARAM = '{param}';

/** How a rejected value is quoted in a message: text as it is, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function isMissing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

function required(ctx: Context): never {
  return fail(ctx, ErrorCode.paramRequired, `The function requires a ${PARAM} argument, and that argument was not set.`);
}

/**
 * What each building block accepts, as JSON Schema: the schemas coerce `unknown`, so the
 * OpenAPI description (gateway/openapi) reads these instead of an empty schema.
 */
const described = {
  int: {
    anyOf: [
      { type: 'integer', minimum: INT_MIN, maximum: INT_MAX },
      { type: 'string', pattern: '^\\s*[+-]?\\d+\\s*$' },
    ],
  },
  double: { anyOf: [{ type: 'number' }, { type: 'string' }], description: 'a number, or its text' },
  bool: { anyOf: [{ type: 'boolean' }, { enum: [0, 1] }, { type: 'string' }], description: 'true/false, 1/0, yes/no, on/off in any case' },
  string: { type: 'string', description: 'a number or boolean is taken as its text' },
  datetime: { type: 'string', description: 'a date (YYYY-MM-DD) or date and time, UTC unless a zone is given' },
} as const;

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/**
 * A JSON integer or the decimal text of one (`"42"`) from INT_MIN to INT_MAX; anything
 * else is error 52, and an integer out of that range 54 (too large) or 55 (too small).
 */
export const int = (): z.ZodType<number> =>
  z
    .unknown()
    .transform((given, ctx) => {
      const value = single(given);
      if (isMissing(value)) return required(ctx);
      const text = typeof value === 'string' ? value.trim() : value;
      const number = typeof text === 'number' ? text : typeof text === 'string' && /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(number))
        return fail(ctx, ErrorCode.paramMustBeNumeric, `Invalid parameter '${PARAM}': '${shown(value)}' is not an integer.`);
      const error = integerRangeError(number, typeof text === 'string' ? text : String(number));
      return error ? fail(ctx, error.code, `Invalid parameter '${PARAM}': ${error.message}`) : number;
    })
    .meta(described.int);

/** The range check of `int`, also for integers read elsewhere (a path segment that holds an id). */
export function integerRangeError(number: number, shownAs: string): { code: number; message: string } | undefined {
  if (number > INT_MAX) return { code: ErrorCode.numberTooLarge, message: `'${shownAs}' is too large; the largest allowed is ${INT_MAX}.` };
  if (number < INT_MIN)
    return { code: ErrorCode.numberTooSmall, message: `'${shownAs}' is too small; the smallest allowed is ${INT_MIN}.` };
  return undefined;
}

/** A JSON number or the text of one (`"1.5"`); anything else is error 52. */
export const double = (): z.ZodType<number> =>
  z
    .unknown()
    .transform((given, ctx) => {
      const value = single(given);
      if (isMissing(value)) return required(ctx);
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number === 'number' && Number.isFinite(number)) return number;
      return fail(ctx, ErrorCode.paramMustBeNumeric, `Invalid parameter '${PARAM}': '${shown(value)}' is not a number.`);
    })
    .meta(described.double);

/** true/false, 1/0 and their texts in any case (True, "false", "0", yes/no, on/off); else error 53. */
export const bool = (): z.ZodType<boolean> =>
  z
    .unknown()
    .transform((given, ctx) => {
      const value = single(given);
      if (isMissing(value)) return required(ctx);
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 0) return value === 1;
      const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      if (text !== undefined && TRUE.has(text)) return true;
      if (text !== undefined && FALSE.has(text)) return false;
      return fail(ctx, ErrorCode.paramInvalid, `The value '${shown(value)}' is not a valid boolean for '${PARAM}'.`);
    })
    .meta(described.bool);

/** A string; numbers become their decimal text. Objects and arrays are error 53. */
export const string = (): z.ZodType<string> =>
  z
    .unknown()
    .transform((given, ctx) => {
      const value = single(given);
      if (isMissing(value)) return required(ctx);
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return fail(ctx, ErrorCode.paramInvalid, `The '${PARAM}' parameter must be a single value, not ${JSON.stringify(value)}.`);
    })
    .meta(described.string);

/** One value or several (a JSON array, or a repeated query parameter), as an array. */
export const list = <T>(item: z.ZodType<T>): z.ZodType<T[]> =>
  z.preprocess((value: unknown): unknown => (isMissing(value) || Array.isArray(value) ? value : [value]), z.array(item));

/** Like `list`, and strings are also split at commas (`id=1,2,3`), as Bugzilla's search allows. */
export const commaList = <T>(item: z.ZodType<T>): z.ZodType<T[]> =>
  z.preprocess(
    (value: unknown): unknown =>
      isMissing(value)
        ? value
        : (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((v: unknown) =>
            typeof v === 'string'
              ? v
                  .split(',')
                  .map((part) => part.trim())
                  .filter((part) => part !== '')
              : [v],
          ),
    z.array(item),
  );

/**
 * A date and time in any form Bugzilla accepts (`2026-11-22T10:00:00Z`, `2026-11-22 10:00:00`,
 * `2026-11-22`); without a zone it is UTC, the service's own zone. Returned as an ISO string;
 * anything unparseable is error 56.
 */
export const datetime = (): z.ZodType<string> =>
  z
    .unknown()
    .transform((given, ctx) => {
      const value = single(given);
      if (isMissing(value)) return required(ctx);
      const text = typeof value === 'string' ? value.trim() : '';
      const match = /^(\d{4})[-.](\d{2})[-.](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
      if (match) {
        const [y, mo, d, h, mi, s] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
        const wallClock = Date.UTC(y, mo - 1, d, h, mi, s);
        const check = new Date(wallClock);
        const valid =
          check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
        if (valid) return new Date(wallClock - zoneOffsetMinutes(match[7]) * 60_000).toISOString();
      }
      return fail(ctx, ErrorCode.illegalDate, `'${shown(value)}' is not a legal date.`);
    })
    .meta(described.datetime);

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits.startsWith('-') ? -minutes : minutes;
}

/** Makes any of the above optional; null counts as not given. */
export const optional = <T>(schema: z.ZodType<T>): z.ZodType<T | undefined> =>
  z.preprocess((value: unknown): unknown => (value === null ? undefined : value), schema.optional());
