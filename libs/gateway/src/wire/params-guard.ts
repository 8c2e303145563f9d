import { CommonErrors, DomainError, param } from '@tracker/contracts';
import type { Params } from './request-params';

/**
 * What no parameter may hold, wherever it comes from (query string, body, path), checked
 * before anything else reads the parameters: a NUL character (PostgreSQL cannot store
 * one in text, and no Bugzilla field means one), and the keys `__proto__`, `constructor`
 * and `prototype`, which name JavaScript's object machinery rather than any parameter.
 * Each is refused with 32000 (HTTP 400), naming the parameter.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function assertAcceptableParams(params: Params): void {
  const pending: Array<[string, unknown]> = Object.keys(params).map((key) => [key, ownValue(params, key)]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [name, value] = next;
    const key = name.slice(name.lastIndexOf('.') + 1);
    if (FORBIDDEN_KEYS.has(key)) throw CommonErrors.userError(`'${key}' is not an accepted parameter name; nothing was changed.`);
    if (name.includes('\0')) throw nulIn('a parameter name');
    if (typeof value === 'string' && value.includes('\0')) throw nulIn(`the parameter '${name}'`);
    if (value !== null && typeof value === 'object') {
      for (const inner of Object.keys(value)) pending.push([`${name}.${inner}`, ownValue(value as Params, inner)]);
    }
  }
}

/** A path segment: no NUL, and an id (`:id`, `:id_or_name`, `:comment_id`...) in digits fits Bugzilla's 32-bit ids. */
export function assertAcceptablePathParams(pathParams: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(pathParams)) {
    if (value.includes('\0')) throw nulIn(`the path segment '${name}'`);
    if (!/^id$|^id_|_id$/.test(name) || !/^[+-]?\d+$/.test(value.trim())) continue;
    const error = param.integerRangeError(Number(value), value.trim());
    if (error) throw new DomainError({ code: error.code, message: `Invalid parameter '${name}': ${error.message}` });
  }
}

function nulIn(where: string): DomainError {
  return CommonErrors.userError(`The NUL character (\\u0000) is not accepted in ${where}; nothing was changed.`);
}

/** The own value of a key, read without ever invoking `__proto__`'s accessor. */
function ownValue(object: Params, key: string): unknown {
  return Object.getOwnPropertyDescriptor(object, key)?.value;
}
