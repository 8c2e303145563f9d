import * as fc from 'fast-check';
import { type DomainError, isDomainError } from '@tracker/contracts';

/**
 * Arbitraries for issue 13's limit properties: lengths at, just inside and just beyond a
 * limit (and anywhere up to twice it), and texts of such a length in one, two, three and
 * four UTF-8 bytes a code point, so that a limit is tried where it costs the most bytes.
 */
export function lengthAround(limit: number, min = 0): fc.Arbitrary<number> {
  const edges = [min, limit - 1, limit, limit + 1, limit * 2].filter((length) => length >= min);
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min, max: limit * 2 }));
}

/** a text of exactly `length` UTF-16 units: ASCII, Latin, CJK or astral (surrogate pairs, a trailing half replaced) */
export function textOfLength(length: number, unit: string): string {
  if (length <= 0) return '';
  const repeated = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  return /[\uD800-\uDBFF]$/.test(repeated) ? `${repeated.slice(0, -1)}x` : repeated;
}

export const TEXT_UNITS: fc.Arbitrary<string> = fc.constantFrom('a', 'é', '語', '😀');

/** a length-bounded text: `[length, text]` with the text's units drawn from TEXT_UNITS */
export function textAround(limit: number, min = 0): fc.Arbitrary<string> {
  return fc.tuple(lengthAround(limit, min), TEXT_UNITS).map(([length, unit]) => textOfLength(length, unit));
}

/** Limit properties are seeded, so that a failure replays; the number of runs stays small where each run writes a database. */
export const LIMIT_RUNS = { seed: 13, numRuns: 12 } as const;

/** The events a decider accepted; a refusal fails the property with its message. */
export function accepted<E>(outcome: readonly E[] | DomainError): readonly E[] {
  if (isDomainError(outcome)) throw new Error(`refused: ${outcome.message}`);
  return outcome;
}

/** The code a decider refused with, or 'ok' for events. */
export function codeOf(outcome: readonly unknown[] | DomainError): number | 'ok' {
  return isDomainError(outcome) ? outcome.code : 'ok';
}
