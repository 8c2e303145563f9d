import { DomainError } from '@tracker/contracts';
import type { SearchContext } from './search-context';
import {
  type Condition,
  type Criterion,
  type CriteriaGroup,
  condition,
  group,
  type OrderTerm,
  type SearchOperator,
} from './search-criteria';
import { defaultWord, fieldTerm, priorityTerm, specialFirstChar, type State } from './quicksearch-terms';
import { splitOutsideQuotes, unquote } from './quicksearch-words';

/**
 * Bugzilla's quick search (Search/Quicksearch.pm) turned straight into criteria: bug
 * numbers only; else words (quotes group, OR / `|` alternatives, NOT / `-` negation), a
 * leading status or resolution word (OPEN, ALL, prefixes such as FIXED), `field:value`
 * terms with `:` `=` `!=` `>=` `<=` `>` `<`, the `#` `:` `@` `[` `!` prefixes, P1-P3
 * priorities, and plain words that search product, component, keywords, alias, summary,
 * whiteboard, comments and URLs. Without a status word only open bugs are found.
 */
const userError = (message: string): DomainError => new DomainError('userError', message);
const INVALID_QUERY =
  'Your query is invalid. A query cannot start with AND or OR, nor can it end with AND, OR or NOT. They are reserved operators and must be quoted if you want to look for these strings.';

export function parseQuicksearch(text: string, context: SearchContext): { criteria: CriteriaGroup; order: OrderTerm[] } {
  const search = text.replace(/^[\s,]+|[\s,]+$/g, '');
  if (search === '')
    throw new DomainError('searchTermsRequired', 'You may not search, or create saved searches, without any search terms.');
  if (/^[0-9,\s]*$/.test(search)) {
    return {
      criteria: group('AND', [condition('bug_id', 'anyexact', search.replace(/[,\s]+/g, ','))]),
      order: [{ field: 'bug_id', descending: false }],
    };
  }
  const words = splitOutsideQuotes(search, /\s/);
  if (words.length === 0) throw userError(`Tracker is unable to parse your query correctly: ${search}.`);
  if (/^(AND|OR)$/.test(words[0] ?? '') || /^(AND|OR|NOT)$/.test(words[words.length - 1] ?? '')) throw userError(INVALID_QUERY);
  const qswords = groupWords(words);
  const state = { statusSet: false, unknown: [] as string[], ambiguous: [] as string[] };
  const charts: Criterion[] = [];
  const statusChart = statusWord(qswords[0] ?? '', context);
  if (statusChart !== undefined) {
    state.statusSet = true;
    qswords.shift();
    if (statusChart) charts.push(statusChart);
  }
  for (const qsword of qswords) charts.push(chart(qsword, context, state));
  if (state.unknown.length > 0 || state.ambiguous.length > 0) {
    throw userError(
      `There is a problem with your search: ${[...state.unknown.map((f) => `${f} is not a valid field name.`), ...state.ambiguous].join(' ')}`,
    );
  }
  if (!state.statusSet) {
    charts.push(
      condition(
        'bug_status',
        'anyexact',
        context.statuses
          .filter((s) => s.isOpen)
          .map((s) => s.name)
          .join(','),
      ),
    );
  }
  return { criteria: group('AND', charts), order: [] };
}

/** Words joined by OR become one `a|b` word; NOT makes the next word negated. */
function groupWords(words: string[]): string[] {
  const result: string[] = [];
  let orGroup: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let word = words[i] as string;
    const next = words[i + 1];
    if (word === 'AND' || word === 'OR') {
      if ((word === 'AND' && next === 'OR') || (word === 'OR' && next === 'AND')) {
        throw userError(`Your query is invalid. The ${word} operator cannot be followed by ${next}.`);
      }
      continue;
    }
    if (word === 'NOT') {
      i += 1;
      word = words[i] as string;
      if (word === 'AND' || word === 'OR') throw userError(`Your query is invalid. The NOT operator cannot be followed by ${word}.`);
      word = `-${word}`;
    }
    orGroup.push(word);
    if (words[i + 1] !== 'OR') {
      result.push(orGroup.join('|'));
      orGroup = [];
    }
  }
  return result;
}

/** A leading OPEN, ALL or status/resolution prefixes (e.g. `FIXED`, `NEW,ASSIGNED`); undefined when it is none. */
function statusWord(word: string, context: SearchContext): Criterion | null | undefined {
  if (word === 'ALL') return null;
  const open = context.statuses.filter((s) => s.isOpen).map((s) => s.name);
  if (word === 'OPEN') return condition('bug_status', 'anyexact', open.join(','));
  if (!/^[A-Z_]+(,[A-Z_]+)*$/.test(word)) return undefined;
  const prefixes = word.split(',');
  const statuses = context.statuses.map((s) => s.name).filter((name) => prefixes.some((p) => name.startsWith(p)));
  const resolutions = context.resolutions.filter((name) => name !== '' && prefixes.some((p) => name.startsWith(p)));
  if (statuses.length === 0 && resolutions.length === 0) return undefined;
  const closed = resolutions.length > 0 ? context.statuses.filter((s) => !s.isOpen).map((s) => s.name) : [];
  const items: Criterion[] = [condition('bug_status', 'anyexact', [...new Set([...statuses, ...closed])].join(','))];
  if (resolutions.length > 0) items.push(condition('resolution', 'anyexact', resolutions.join(',')));
  return group('AND', items);
}

/** One word of the query: rows ANDed, alternatives within a row ORed (Bugzilla's chart). */
function chart(qsword: string, context: SearchContext, state: State): Criterion {
  const rows: Condition[][] = [[]];
  const add = (field: string, operator: SearchOperator, value: string, negate: boolean): void => {
    (rows[rows.length - 1] as Condition[]).push(condition(field, operator, value, negate));
    if (negate) rows.push([]);
  };
  for (const raw of splitOutsideQuotes(qsword, /\|/)) {
    const negate = raw.startsWith('-');
    const term = negate ? raw.slice(1) : raw;
    if (specialFirstChar(term, negate, add)) continue;
    if (fieldTerm(term, negate, add, context, state)) continue;
    for (const word of splitOutsideQuotes(term, /,/).map(unquote)) {
      if (!priorityTerm(word, negate, add, context)) defaultWord(word, negate, add, context);
      if (
        /\d+\.\d+\.\d+\.\d+/.test(word) ||
        /^[A-Za-z]+(\.[A-Za-z]+)+/.test(word) ||
        /:[\\/][\\/]/.test(word) ||
        /localhost|mailto:?/.test(word)
      ) {
        add('bug_file_loc', 'substring', word, negate);
      }
    }
  }
  return group(
    'AND',
    rows.filter((row) => row.length > 0).map((row) => group('OR', row)),
  );
}
