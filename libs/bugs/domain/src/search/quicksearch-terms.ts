import type { SearchContext } from './search-context';
import type { SearchOperator } from './search-criteria';
import { quicksearchField } from './quicksearch-fields';
import { splitOutsideQuotes, unquote } from './quicksearch-words';

/**
 * The terms of a quicksearch word (Quicksearch.pm): `#` `:` `@` `[` `!` prefixes,
 * `field:value` with its operator symbols, P1-P3 priorities, plain words. Each adds
 * alternatives to the word's chart through `add`.
 */
const OPERATOR_SYMBOLS: ReadonlyArray<readonly [string, SearchOperator]> = [
  ['!=', 'notequals'],
  ['>=', 'greaterthaneq'],
  ['<=', 'lessthaneq'],
  [':', 'substring'],
  ['=', 'equals'],
  ['>', 'greaterthan'],
  ['<', 'lessthan'],
];
const PRODUCT_EXCEPTIONS = ['row', 'new'];
const COMPONENT_EXCEPTIONS = ['hang'];

export type Add = (field: string, operator: SearchOperator, value: string, negate: boolean) => void;

export type State = { statusSet: boolean; unknown: string[]; ambiguous: string[] };

export function specialFirstChar(term: string, negate: boolean, add: Add): boolean {
  if (term.length <= 1) return false;
  const base = term.slice(1);
  const parts = base.split(',');
  const first = term.charAt(0);
  if (first === '#') {
    add('short_desc', 'substring', base, negate);
    add('longdesc', 'substring', base, negate);
  } else if (first === ':') {
    parts.forEach((part) => {
      add('product', 'substring', part, negate);
      add('component', 'substring', part, negate);
    });
  } else if (first === '@') {
    parts.forEach((part) => add('assigned_to', 'substring', part, negate));
  } else if (first === '[') {
    add('short_desc', 'substring', base, negate);
    add('status_whiteboard', 'substring', base, negate);
  } else if (first === '!') {
    add('keywords', 'anywords', base, negate);
  } else {
    return false;
  }
  return true;
}

export function fieldTerm(term: string, negate: boolean, add: Add, context: SearchContext, state: State): boolean {
  for (const [symbol, operator] of OPERATOR_SYMBOLS) {
    const pieces = splitOutsideQuotes(term, symbol);
    if (pieces.length !== 2) continue;
    for (const name of splitOutsideQuotes(pieces[0] as string, /,/)) {
      const found = quicksearchField(name, context.customFields);
      if (found === null) state.unknown.push(name);
      else if ('ambiguous' in found) state.ambiguous.push(`${name} matches more than one field: ${found.ambiguous.join(', ')}.`);
      else {
        if (found.field === 'bug_status' || found.field === 'resolution') state.statusSet = true;
        for (const value of splitOutsideQuotes(pieces[1] as string, /,/)) add(found.field, operator, unquote(value), negate);
      }
    }
    return true;
  }
  return false;
}

/** P1, P2-P4: priorities by their position in the priority list. */
export function priorityTerm(word: string, negate: boolean, add: Add, context: SearchContext): boolean {
  const match = /^P(\d+)(?:-(\d+))?$/i.exec(word);
  if (!match) return false;
  const list = context.priorities;
  const position = (n: number): number => {
    const index = list.indexOf(`P${n}`);
    return index >= 0 ? index : Math.max(0, Math.min(list.length, n) - 1);
  };
  let start = position(Number(match[1]));
  let end = match[2] === undefined ? start : position(Number(match[2]));
  if (end < start) [start, end] = [end, start];
  add('priority', 'anyexact', list.slice(start, end + 1).join(','), negate);
  return true;
}

export function defaultWord(word: string, negate: boolean, add: Add, context: SearchContext): void {
  const lower = word.toLowerCase();
  if (!PRODUCT_EXCEPTIONS.includes(lower) && word.length > 2) add('product', 'substring', word, negate);
  if (!COMPONENT_EXCEPTIONS.includes(lower) && word.length > 2) add('component', 'substring', word, negate);
  if (context.keywords.some((keyword) => keyword.toLowerCase() === lower)) add('keywords', 'substring', word, negate);
  add('alias', 'substring', word, negate);
  add('short_desc', 'substring', word, negate);
  add('status_whiteboard', 'substring', word, negate);
  add('longdesc', 'substring', word, negate);
}
