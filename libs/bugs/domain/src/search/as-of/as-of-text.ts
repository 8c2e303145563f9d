import { CommonErrors } from '@tracker/contracts';
import type { SearchOperator } from '../search-criteria';
import { wordsOf } from '../search-values';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** PostgreSQL's `\m word \M`: a word's letters, digits and underscores not continued on either side. */
const wholeWord = (word: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegex(word)}(?![\\p{L}\\p{N}_])`, 'iu');

/** A caller's regular expression, case-insensitive as PostgreSQL's `~*`; one that does not compile is the caller's error. */
export function searchRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'i');
  } catch (error) {
    throw CommonErrors.userError(`Invalid regular expression: ${error instanceof Error ? error.message : String(pattern)}`);
  }
}

/**
 * A positive operator on a text, in memory, as the SQL search's `textCondition` means it:
 * substrings and words case-insensitive, exact matches as stored (`lowered`: the text is
 * already lower case, so the value is lowered too), no text (NULL) matching nothing but
 * `isempty`. Negative operators are the negation of their positive (NEGATED).
 */
export function textMatches(expr: string | null, operator: SearchOperator, value: string, lowered = false): boolean {
  if (operator === 'isempty') return (expr ?? '') === '';
  if (operator === 'isnotempty') return (expr ?? '') !== '';
  if (expr === null) return false;
  const exact = (text: string): string => (lowered ? text.toLowerCase() : text);
  const lower = expr.toLowerCase();
  const contains = (word: string): boolean => lower.includes(word.toLowerCase());
  switch (operator) {
    case 'equals':
    case 'notequals':
      return expr === exact(value);
    case 'anyexact':
      return value.split(',').some((item) => expr === exact(item.trim()));
    case 'substring':
    case 'notsubstring':
      return contains(value);
    case 'casesubstring':
      return expr.includes(value);
    case 'anywordssubstr':
    case 'nowordssubstr':
      return wordsOr(wordsOf(value), contains);
    case 'allwordssubstr':
      return wordsOf(value).every(contains);
    case 'regexp':
    case 'notregexp':
      return searchRegExp(value).test(expr);
    case 'lessthan':
      return expr < value;
    case 'lessthaneq':
      return expr <= value;
    case 'greaterthan':
      return expr > value;
    case 'greaterthaneq':
      return expr >= value;
    case 'anywords':
    case 'nowords':
      return wordsOr(wordsOf(value), (word) => wholeWord(word).test(expr));
    case 'allwords':
      return wordsOf(value).every((word) => wholeWord(word).test(expr));
  }
}

/** Any of the words; no words at all match everything, as the SQL's empty condition is TRUE. */
function wordsOr(words: readonly string[], test: (word: string) => boolean): boolean {
  return words.length === 0 || words.some(test);
}
