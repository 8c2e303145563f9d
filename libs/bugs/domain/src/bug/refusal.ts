import { type DomainError, isDomainError } from '@tracker/contracts';

/**
 * The two refusal styles of the deciders, told apart by name (docs/service-anatomy.md):
 * - `check…(…)` returns its refusal (`T | DomainError`, or `DomainError | undefined`) and
 *   never throws; a caller passes it on or, inside a decision, unwraps it with `ok`.
 * - `require…(…)` and the steps of a bug update (`set…`, `edit…` on an UpdateDraft)
 *   throw their refusal; they run only inside `attempt`, which turns the throw back into
 *   the returned DomainError, so `decide` keeps its `events | DomainError` contract while a
 *   long sequence of checks in Bugzilla's order reads one line each.
 */
export function ok<T>(value: T | DomainError): T {
  if (isDomainError(value)) throw value;
  return value;
}

export function refuse(error: DomainError): never {
  throw error;
}

export function attempt<T>(decide: () => T): T | DomainError {
  try {
    return decide();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
}
