/**
 * A bug search as data, whatever asked for it (simple parameters, advanced fN/oN/vN
 * charts, boolean charts, e-mail blocks, quicksearch): a tree of conditions on fields
 * named as Bugzilla names them internally. The app compiles it to one SQL query with the
 * visibility rule inside.
 */
export const SEARCH_OPERATORS = [
  'equals',
  'notequals',
  'anyexact',
  'substring',
  'casesubstring',
  'notsubstring',
  'anywordssubstr',
  'allwordssubstr',
  'nowordssubstr',
  'regexp',
  'notregexp',
  'lessthan',
  'lessthaneq',
  'greaterthan',
  'greaterthaneq',
  'anywords',
  'allwords',
  'nowords',
  'isempty',
  'isnotempty',
] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

export function isSearchOperator(value: string): value is SearchOperator {
  return (SEARCH_OPERATORS as readonly string[]).includes(value);
}

export interface Condition {
  readonly kind: 'condition';
  readonly field: string;
  readonly operator: SearchOperator;
  readonly value: string;
  readonly negate: boolean;
}

export interface CriteriaGroup {
  readonly kind: 'group';
  readonly join: 'AND' | 'OR';
  readonly items: readonly Criterion[];
  readonly negate: boolean;
}

export type Criterion = Condition | CriteriaGroup;

export interface OrderTerm {
  readonly field: string;
  readonly descending: boolean;
}

export interface SearchRequest {
  readonly criteria: CriteriaGroup;
  readonly order: readonly OrderTerm[];
  /** at most this many (the administrator maximum applies) */
  readonly limit: number;
  readonly offset: number;
}

export const condition = (field: string, operator: SearchOperator, value: string, negate = false): Condition => ({
  kind: 'condition',
  field,
  operator,
  value,
  negate,
});

export const group = (join: 'AND' | 'OR', items: readonly Criterion[], negate = false): CriteriaGroup => ({
  kind: 'group',
  join,
  items,
  negate,
});
