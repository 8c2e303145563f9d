import { DomainError, httpStatusOf, isKnownErrorCode } from '@tracker/contracts';

/** A service's error factories (`IdentityErrors`, ...), whatever their parameters. */
export type ErrorFactories = Readonly<Record<string, unknown>>;

/**
 * What every factory of a service's errors raises, called with placeholder arguments:
 * `{code, status, known}` by factory name, for asserting that each code is in the registry
 * and answers the status Bugzilla gives it. A factory that does not build a DomainError fails.
 */
export function raisedErrors(factories: ErrorFactories): Record<string, { code: number; status: number; known: boolean }> {
  return Object.fromEntries(
    Object.entries(factories).map(([name, factory]) => {
      if (typeof factory !== 'function') throw new Error(`${name} is not an error factory`);
      const error: unknown = (factory as (...args: unknown[]) => unknown)(...Array.from({ length: factory.length }, placeholder));
      if (!(error instanceof DomainError)) throw new Error(`${name} did not build a DomainError`);
      return [name, { code: error.code, status: httpStatusOf(error.code), known: isKnownErrorCode(error.code) }];
    }),
  );
}

/** An argument that reads as a name and as a list of names, whichever the message wants. */
function placeholder(): unknown {
  return Object.assign(new String('x'), { join: () => 'x' });
}

/** The distinct codes the factories raise, in order, each checked to be in the registry. */
export function registeredCodes(factories: ErrorFactories): number[] {
  const raised = Object.entries(raisedErrors(factories));
  const unknown = raised.filter(([, error]) => !error.known).map(([name, error]) => `${name} (${error.code})`);
  if (unknown.length > 0) throw new Error(`codes missing from the registry: ${unknown.join(', ')}`);
  return [...new Set(raised.map(([, error]) => error.code))].sort((a, b) => a - b);
}
