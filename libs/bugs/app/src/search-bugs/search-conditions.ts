import { type Condition, type Criterion, integersOf, type SearchOperator, typedSearchValue, wordsOf } from '@tracker/bugs/domain';
import { searchColumn, type SearchColumn } from './search-columns';
import type { SearchScope, SqlParams } from './search-scope';
import { containsPattern, textCondition } from './text-conditions';

/**
 * One condition of a search as SQL on `bugs b`, by how its field is stored: columns
 * compared directly, lists item by item, people through their logins, tags and comments
 * through their tables; and an OR of substring searches as a union of indexed id sets.
 */

/** Where each substring-searchable field's rows are found by an index of their own. */
const SUBSTRING_SOURCES: Readonly<Record<string, (s: string, pattern: string, scope: SearchScope) => string>> = {
  short_desc: (s, p) => `SELECT x.id FROM ${s}.bugs x WHERE lower(x.summary) LIKE ${p}`,
  status_whiteboard: (s, p) => `SELECT x.id FROM ${s}.bugs x WHERE lower(x.whiteboard) LIKE ${p}`,
  product: (s, p) => `SELECT x.id FROM ${s}.bugs x WHERE lower(x.product) LIKE ${p}`,
  component: (s, p) => `SELECT x.id FROM ${s}.bugs x WHERE lower(x.component) LIKE ${p}`,
  alias: (s, p) => `SELECT a.bug_id FROM ${s}.bug_aliases a WHERE a.alias_key LIKE ${p}`,
  longdesc: (s, p, scope) => `SELECT c.bug_id FROM ${s}.bug_comments c WHERE lower(c.text) LIKE ${p} AND ${commentsVisible(scope)}`,
};

/**
 * An OR of substring searches over several fields (every quicksearch word) as one set of
 * bug ids: each field's rows come from its own trigram index and are united, instead of
 * testing every alternative on every bug. Null when some alternative is of another kind.
 */
export function substringUnion(items: readonly Criterion[], scope: SearchScope, params: SqlParams): string | null {
  const unitable = items.flatMap((item) => {
    const source = item.kind === 'condition' && item.operator === 'substring' && !item.negate ? SUBSTRING_SOURCES[item.field] : undefined;
    return source && item.kind === 'condition' ? [{ source, value: item.value }] : [];
  });
  // decided before any parameter is added: an unused parameter has no type PostgreSQL can infer
  if (items.length < 2 || unitable.length !== items.length) return null;
  const sources = unitable.map(({ source, value }) => source(scope.schema, params.add(containsPattern(value)), scope));
  return `b.id IN (${sources.join(' UNION ')})`;
}

export function compileCondition(condition: Condition, scope: SearchScope, params: SqlParams): string {
  const column = searchColumn(condition.field, scope.customFields);
  const { operator, value } = condition;
  const s = scope.schema;
  switch (column.kind) {
    case 'text':
      return textCondition(column.sql, operator, value, params);
    case 'alias':
      if (operator === 'isempty' || operator === 'isnotempty') return `cardinality(b.alias) ${operator === 'isempty' ? '=' : '>'} 0`;
      return `b.id IN (SELECT a.bug_id FROM ${s}.bug_aliases a WHERE ${textCondition('a.alias_key', operator, value, params, true)})`;
    case 'textArray':
      return arrayCondition(column.sql, operator, value, params);
    case 'int':
    case 'number':
    case 'datetime':
    case 'date':
    case 'bool':
      return scalarCondition(column, operator, value, params);
    case 'intArray':
      if (operator === 'isempty' || operator === 'isnotempty') return `cardinality(${column.sql}) ${operator === 'isempty' ? '=' : '>'} 0`;
      if (operator === 'equals' || operator === 'anyexact') return `${column.sql} && ${params.add(integersOf(value))}::int[]`;
      return `EXISTS (SELECT 1 FROM unnest(${column.sql}) AS x WHERE ${textCondition('x::text', operator, value, params)})`;
    case 'user':
      if (operator === 'isempty' || operator === 'isnotempty') return `${column.sql} IS ${operator === 'isempty' ? '' : 'NOT '}NULL`;
      return `${column.sql} IN (${usersMatching(column.name, operator, value, scope, params)})`;
    case 'userArray':
      if (operator === 'isempty' || operator === 'isnotempty') return `cardinality(${column.sql}) ${operator === 'isempty' ? '=' : '>'} 0`;
      return `${column.sql} && ARRAY(${usersMatching('login', operator, value, scope, params)})`;
    case 'tag':
      if (scope.userId === null) return 'FALSE';
      return `b.id IN (SELECT t.bug_id FROM ${s}.bug_tags t WHERE t.user_id = ${params.add(scope.userId)} AND ${textCondition('t.tag', operator, value, params)})`;
    case 'comment':
      return `b.id IN (SELECT c.bug_id FROM ${s}.bug_comments c WHERE ${commentsVisible(scope)} AND ${textCondition('c.text', operator, value, params)})`;
    case 'commenter':
      return `b.id IN (SELECT c.bug_id FROM ${s}.bug_comments c WHERE ${commentsVisible(scope)} AND c.author_id IN (${usersMatching('login', operator, value, scope, params)}))`;
    case 'none':
      return 'FALSE';
  }
}

function commentsVisible(scope: SearchScope): string {
  return scope.insider ? 'TRUE' : `NOT c.is_private`;
}

/** Users whose login (or real name) matches; `%user%` is the caller. */
function usersMatching(
  name: 'login' | 'real_name',
  operator: SearchOperator,
  value: string,
  scope: SearchScope,
  params: SqlParams,
): string {
  if (value.trim() === '%user%' && scope.userId !== null) return `SELECT ${params.add(scope.userId)}::int`;
  return `SELECT u.id FROM ${scope.schema}.bug_users u WHERE ${textCondition(`u.${name}`, operator, value, params)}`;
}

/** Multi-valued fields: exact and word operators compare whole items, the others each item's text. */
function arrayCondition(sql: string, operator: SearchOperator, value: string, params: SqlParams): string {
  if (operator === 'isempty') return `cardinality(${sql}) = 0`;
  if (operator === 'isnotempty') return `cardinality(${sql}) > 0`;
  if (operator === 'equals') return `${params.add(value)} = ANY(${sql})`;
  if (operator === 'anyexact') return `${sql} && ${params.add(value.split(',').map((item) => item.trim()))}::text[]`;
  if (operator === 'anywords') return `${sql} && ${params.add(wordsOf(value))}::text[]`;
  if (operator === 'allwords') return `${sql} @> ${params.add(wordsOf(value))}::text[]`;
  // an empty list has no item to match; said first, it lets quicksearch walk only the bugs
  // with keywords, by their partial index, instead of every bug
  return `(cardinality(${sql}) > 0 AND EXISTS (SELECT 1 FROM unnest(${sql}) AS x WHERE ${textCondition('x', operator, value, params)}))`;
}

const CASTS = { int: 'bigint', number: 'numeric', datetime: 'timestamptz', date: 'date', bool: 'boolean' } as const;

function scalarCondition(
  column: Extract<SearchColumn, { kind: keyof typeof CASTS }>,
  operator: SearchOperator,
  value: string,
  params: SqlParams,
): string {
  const cast = CASTS[column.kind];
  const typed = (text: string): unknown => typedSearchValue(column.kind, text);
  if (operator === 'isempty') return `${column.sql} IS NULL`;
  if (operator === 'isnotempty') return `${column.sql} IS NOT NULL`;
  if (operator === 'anyexact') return `${column.sql} = ANY(${params.add(value.split(',').map((item) => typed(item.trim())))}::${cast}[])`;
  const comparison = COMPARISONS[operator];
  if (comparison) return `${column.sql} ${comparison} ${params.add(typed(value))}::${cast}`;
  return textCondition(`${column.sql}::text`, operator, value, params);
}

const COMPARISONS: Partial<Record<SearchOperator, string>> = {
  equals: '=',
  lessthan: '<',
  lessthaneq: '<=',
  greaterthan: '>',
  greaterthaneq: '>=',
};
