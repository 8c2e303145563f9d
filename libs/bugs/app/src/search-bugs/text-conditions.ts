import { type SearchOperator, wordsOf } from '@tracker/bugs/domain';
import type { SqlParams } from './search-scope';

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** `%word%` for a case-insensitive `lower(x) LIKE`, the word's own % and _ taken literally. */
export const containsPattern = (word: string): string => `%${escapeLike(word.toLowerCase())}%`;
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An operator on a text expression. Substrings are case-insensitive `lower(x) LIKE
 * '%word%'` (the shape the trigram indexes serve); exact matches compare as stored
 * (case-sensitive, as PostgreSQL does; the contract leaves case to the database);
 * `lowered` says the expression is already lower case.
 */
export function textCondition(expr: string, operator: SearchOperator, value: string, params: SqlParams, lowered = false): string {
  const lower = lowered ? expr : `lower(${expr})`;
  const exact = (text: string): string => (lowered ? text.toLowerCase() : text);
  const contains = (word: string): string => `${lower} LIKE ${params.add(containsPattern(word))}`;
  const word = (w: string): string => `${expr} ~* ${params.add(`\\m${escapeRegex(w)}\\M`)}`;
  const all = (parts: string[], join: 'AND' | 'OR'): string => (parts.length === 0 ? 'TRUE' : `(${parts.join(` ${join} `)})`);
  switch (operator) {
    case 'equals':
    case 'notequals':
      return `${expr} = ${params.add(exact(value))}`;
    case 'anyexact': {
      // one value as a plain `=`: only then can an index on (product, status, id) return the rows in id order (PostgreSQL 15)
      const items = value.split(',').map((item) => exact(item.trim()));
      return items.length === 1 ? `${expr} = ${params.add(items[0])}` : `${expr} = ANY(${params.add(items)}::text[])`;
    }
    case 'substring':
    case 'notsubstring':
      return contains(value);
    case 'casesubstring':
      return `${expr} LIKE ${params.add(`%${escapeLike(value)}%`)}`;
    case 'anywordssubstr':
    case 'nowordssubstr':
      return all(wordsOf(value).map(contains), 'OR');
    case 'allwordssubstr':
      return all(wordsOf(value).map(contains), 'AND');
    case 'regexp':
    case 'notregexp':
      return `${expr} ~* ${params.add(value)}`;
    case 'lessthan':
      return `${expr} < ${params.add(value)}`;
    case 'lessthaneq':
      return `${expr} <= ${params.add(value)}`;
    case 'greaterthan':
      return `${expr} > ${params.add(value)}`;
    case 'greaterthaneq':
      return `${expr} >= ${params.add(value)}`;
    case 'anywords':
    case 'nowords':
      return all(wordsOf(value).map(word), 'OR');
    case 'allwords':
      return all(wordsOf(value).map(word), 'AND');
    case 'isempty':
      return `coalesce(${expr}, '') = ''`;
    case 'isnotempty':
      return `coalesce(${expr}, '') <> ''`;
  }
}
