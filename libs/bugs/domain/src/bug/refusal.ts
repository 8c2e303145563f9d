import { type DomainError, isDomainError } from '@tracker/contracts';

/**
 * Deciding a bug change is a long sequence of checks in Bugzilla's order, each of which
 * may refuse. Inside a decision a refusal is thrown (`ok`), and `attempt` turns it back
 * into the returned DomainError, so `decide` keeps its `events | DomainError` contract
 * while each check reads as one line.
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
