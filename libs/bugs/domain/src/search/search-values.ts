import { CommonErrors, DomainError, param } from '@tracker/contracts';
import type { SearchOperator } from './search-criteria';

/**
 * How a search reads the value a caller typed, the same for the SQL search and the
 * in-memory one of a search as of an instant (as-of/): words, integers, typed scalars.
 */

/** Words of a value, as Bugzilla splits them for word operators. */
export function wordsOf(value: string): string[] {
  return value.split(/[\s,]+/).filter((word) => word !== '');
}

/** The integers of a list of ids (`1,2 3`); anything else in it is ignored. */
export function integersOf(value: string): number[] {
  return value
    .split(/[\s,]+/)
    .filter((item) => /^\d+$/.test(item))
    .map(Number);
}

/** The negative operators, each the negation of a positive one (NULL, no value, counts as not matching the positive). */
export const NEGATED: Partial<Record<SearchOperator, SearchOperator>> = {
  notequals: 'equals',
  notsubstring: 'substring',
  nowordssubstr: 'anywordssubstr',
  notregexp: 'regexp',
  nowords: 'anywords',
};

export type ScalarKind = 'int' | 'number' | 'datetime' | 'date' | 'bool';

/**
 * A value typed for a scalar field: an id or count as its digits, a number as its text,
 * a boolean, a date as ISO-8601. A value that could never match is the caller's error.
 */
export function typedSearchValue(kind: ScalarKind, text: string): string | boolean {
  switch (kind) {
    case 'int': {
      // an id or count column (32 bits): `1.5` or a 20-digit number could never match, and would fail in SQL
      const error = /^-?\d+$/.test(text.trim())
        ? param.integerRangeError(Number(text.trim()), text.trim())
        : CommonErrors.mustBeNumeric('value', text).toData();
      if (error) throw new DomainError(error);
      return text.trim();
    }
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(text.trim())) throw CommonErrors.mustBeNumeric('value', text);
      return text.trim();
    case 'bool':
      return ['1', 'true', 'yes', 'on'].includes(text.trim().toLowerCase());
    case 'datetime':
    case 'date':
      return searchDate(text);
  }
}

/** A date as searches take it (YYYY-MM-DD[ HH:MM[:SS]], ISO); anything else is error 56. */
export function searchDate(text: string): string {
  const value = text.trim();
  const parsed = Date.parse(
    /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value)
      ? `${value.replace(' ', 'T')}${value.length === 10 ? 'T00:00:00' : ''}Z`
      : value,
  );
  if (Number.isNaN(parsed)) throw CommonErrors.illegalDate(text);
  return new Date(parsed).toISOString();
}
