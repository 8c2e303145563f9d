import { CommonErrors, DomainError } from '@tracker/contracts';
import {
  type Criterion,
  condition,
  group,
  isSearchOperator,
  type OrderTerm,
  type SearchOperator,
  type SearchRequest,
} from './search-criteria';
import { DEFAULT_OPERATORS, isSearchableBy, ROLE_FIELDS, searchFieldName } from './search-fields';
import { parseQuicksearch } from './quicksearch';
import { parseCharts } from './search-charts';
import { invalidOperator, type SearchContext, valuesOf } from './search-context';

/** Parameters that are not criteria. */
const NOT_CRITERIA = new Set([
  'limit',
  'offset',
  'order',
  'quicksearch',
  'query_format',
  'count_only',
  'permissive',
  'list_id',
  'ctype',
  'j_top',
  // the instant a search as of an instant is answered for (docs/as-of.md), not a criterion
  'as_of',
]);

/**
 * Bugzilla's Bug.search (reference §7.1-7.3): quicksearch replaces the criteria; offset
 * needs limit; limit above the maximum or absent is the maximum, 0 is everything (up to
 * the maximum); every other parameter naming a field is a criterion, joined by AND.
 */
export function parseSearch(raw: Readonly<Record<string, unknown>>, context: SearchContext): SearchRequest | DomainError {
  try {
    const limitRaw = raw['limit'];
    const offsetRaw = raw['offset'];
    if (offsetRaw !== undefined && limitRaw === undefined) {
      return CommonErrors.paramRequired('limit', 'Bug.search()');
    }
    const limit = limitRaw === undefined ? context.maxResults : Number(limitRaw);
    if (limit < 0) return CommonErrors.invalidParam('limit', limitRaw);
    if (Number(offsetRaw ?? 0) < 0) return CommonErrors.invalidParam('offset', offsetRaw);
    const capped = limit === 0 || limit > context.maxResults ? context.maxResults : limit;
    const offset = limit === 0 ? 0 : Number(offsetRaw ?? 0);
    const quicksearch = valuesOf(raw['quicksearch']).join(' ');
    const parsed =
      raw['quicksearch'] !== undefined
        ? parseQuicksearch(quicksearch, context)
        : { criteria: criteriaOf(raw, context), order: [] as OrderTerm[] };
    const order = raw['order'] !== undefined ? parseOrder(valuesOf(raw['order']).join(','), context) : parsed.order;
    return { criteria: parsed.criteria, order, limit: capped, offset };
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

function criteriaOf(raw: Readonly<Record<string, unknown>>, context: SearchContext): ReturnType<typeof group> {
  const items: Criterion[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (NOT_CRITERIA.has(key) || key.endsWith('_type')) continue;
    const field = searchFieldName(key, context.customFields);
    if (field === null || !isSearchableBy(field, context.timetracker)) continue;
    const values = valuesOf(value);
    if (values.length === 0) continue;
    const criterion = simpleCriterion(field, values, typeOverride(raw, key, field), context);
    if (criterion) items.push(criterion);
  }
  items.push(...parseCharts(raw, context));
  return group('AND', items);
}

function typeOverride(raw: Readonly<Record<string, unknown>>, key: string, field: string): SearchOperator | undefined {
  const type = valuesOf(raw[`${key}_type`] ?? raw[`${field}_type`])[0];
  if (type === undefined) return undefined;
  const operator = type === 'substr' ? 'substring' : type === 'exact' ? 'equals' : type;
  if (!isSearchOperator(operator)) throw invalidOperator(type);
  return operator;
}

function simpleCriterion(field: string, values: string[], override: SearchOperator | undefined, context: SearchContext): Criterion | null {
  if (field === 'creation_ts' || field === 'delta_ts') return condition(field, 'greaterthaneq', values[0] ?? '');
  if (field === 'bug_status' && !override) return statusCriterion(values, context);
  if (ROLE_FIELDS.has(field)) return condition(field, override ?? 'anywordssubstr', values.join(' '));
  const operator = override ?? DEFAULT_OPERATORS[field] ?? 'anyexact';
  const given = field === 'resolution' ? values.map((v) => (v === '---' ? '' : v)) : values;
  return anyOf(field, operator, given);
}

/**
 * Operators that read a list out of one value (comma- or space-separated): several values
 * are joined for them, as Bugzilla joins them. Keywords are joined too: several keywords
 * mean all of them (Bugzilla's `allwords`), a bug's keywords being a set, not text.
 */
const LIST_OPERATORS: ReadonlySet<SearchOperator> = new Set(['anyexact', 'anywords', 'anywordssubstr', 'nowords', 'nowordssubstr']);

/**
 * Several values of one parameter mean any of them (the contract's rule). An operator that
 * compares one value gets one condition per value, joined by OR; a negative one (not
 * containing, not equal) asks for none of them, the negation of that OR.
 */
function anyOf(field: string, operator: SearchOperator, values: readonly string[]): Criterion {
  if (values.length === 1 || LIST_OPERATORS.has(operator) || field === 'keywords') return condition(field, operator, values.join(','));
  const positive = POSITIVE_OF[operator];
  if (positive)
    return group(
      'OR',
      values.map((value) => condition(field, positive, value)),
      true,
    );
  return group(
    'OR',
    values.map((value) => condition(field, operator, value)),
  );
}

/** The positive form of each negative single-value operator. */
const POSITIVE_OF: Partial<Record<SearchOperator, SearchOperator>> = {
  notequals: 'equals',
  notsubstring: 'substring',
  notregexp: 'regexp',
};

/** `__open__`, `__closed__`, `__all__`; unknown statuses are dropped; all statuses means no filter. */
function statusCriterion(values: string[], context: SearchContext): Criterion | null {
  const names = new Set<string>();
  for (const value of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (value === '__open__') context.statuses.filter((s) => s.isOpen).forEach((s) => names.add(s.name));
    else if (value === '__closed__') context.statuses.filter((s) => !s.isOpen).forEach((s) => names.add(s.name));
    else if (value === '__all__') context.statuses.forEach((s) => names.add(s.name));
    else if (context.statuses.some((s) => s.name === value)) names.add(value);
  }
  if (names.size === 0 || names.size === context.statuses.length) return null;
  return condition('bug_status', 'anyexact', [...names].join(','));
}

/** `order`: columns with an optional ASC/DESC, unknown columns dropped. */
export function parseOrder(text: string, context: SearchContext): OrderTerm[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .flatMap((part) => {
      const [name = '', direction = 'ASC'] = part.split(/\s+/);
      const field = searchFieldName(name === 'bugs.bug_id' ? 'bug_id' : name, context.customFields);
      return field && isSearchableBy(field, context.timetracker) ? [{ field, descending: direction.toUpperCase() === 'DESC' }] : [];
    });
}
