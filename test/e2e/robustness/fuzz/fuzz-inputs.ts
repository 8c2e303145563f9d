import * as fc from 'fast-check';
import type { Route } from '@tracker/gateway';

/**
 * Malformed inputs for the fuzz suite (issue 13, item 6): what an attacker sends to every
 * route. Values of wrong types, huge strings, NUL, prototype keys, ids out of range or not
 * integers, negative numbers, repeated parameters, deep nesting; path segments likewise.
 */
const HUGE = 'x'.repeat(100_000);
const TEXTS = ['', 'x', 'a\u0000b', HUGE, '語😀', '__proto__', '%00', '-1', '1.5', '9223372036854775808', '2147483648', '0', ' ', '*'];
const NUMBERS = [-1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, 99999.999, 100000];

/** a value of any JSON type, malformed for whatever parameter receives it */
export const malformedValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(...TEXTS, ...NUMBERS, true, false, null),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('name', 'id', 'set', 'add', 'remove', '__proto__', 'constructor'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** parameter names Tracker's routes read, and some they do not */
export const PARAM_NAMES = [
  ...['ids', 'id', 'names', 'name', 'description', 'limit', 'offset', 'include_fields', 'exclude_fields', 'permissive', 'match'],
  ...['summary', 'product', 'component', 'version', 'status', 'resolution', 'quicksearch', 'comment_ids', 'new_since', 'last_change_time'],
  ...['login', 'password', 'email', 'full_name', 'token', 'api_key', 'Bugzilla_api_key', 'callback', 'type', 'value', 'field', 'values'],
  ...['groups', 'bless_groups', 'is_active', 'sortkey', 'add', 'remove', 'set', 'user_regexp', 'icon_url', 'whiteboard', 'url', 'alias'],
  ...['cc', 'keywords', 'blocks', 'depends_on', 'work_time', 'estimated_time', 'remaining_time', 'deadline', 'is_private', 'comment'],
  ...['comment_tags', 'text', 'bug_ids', 'default_milestone', 'classification', 'is_open', 'transitions', 'visibility_values'],
  ...['__proto__', 'constructor', 'prototype', 'x'],
];

/** a query string: names from PARAM_NAMES (some repeated), values as text */
export const malformedQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.constantFrom(...TEXTS, ...NUMBERS.map(String), 'true', '')), { maxLength: 6 })
  .map((pairs) => pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value.slice(0, 2000))}`).join('&'));

/** a request body: a JSON object of known and unknown parameters, or a body that is not an object at all */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.dictionary(fc.constantFrom(...PARAM_NAMES), malformedValue, { maxKeys: 6 }).map((body) => JSON.stringify(body)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '[]',
      'null',
      '"x"',
      '42',
      '{',
      '{"a":',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"name":"${'y'.repeat(1_000_000)}"}`,
    ),
  },
);

/** the value of a path segment: unknown, out of range, not an integer, NUL, long, or one that exists */
export function pathSegment(existing: readonly string[]): fc.Arbitrary<string> {
  return fc.constantFrom(
    ...existing,
    '0',
    '-1',
    '1.5',
    '2147483648',
    '9223372036854775808',
    '999999',
    'abc',
    '%00',
    '%E2%82',
    'x'.repeat(3000),
    '__proto__',
  );
}

/** the route's path with each `:name` filled */
export function fillPath(route: Route, values: readonly string[]): string {
  let index = 0;
  return route.path.replace(/:[a-z_]+/g, () => values[index++] ?? 'x');
}

export function segmentCount(route: Route): number {
  return (route.path.match(/:[a-z_]+/g) ?? []).length;
}
