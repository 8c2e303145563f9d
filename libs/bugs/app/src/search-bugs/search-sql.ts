import { type Criterion, NEGATED, type SearchRequest, SORTED_BY_VALUE } from '@tracker/bugs/domain';
import { usersOfRow } from '../read-model/bug.queries';
import { searchColumn } from './search-columns';
import { firstRowsUnion } from './first-rows-union';
import { compileCondition, substringUnion } from './search-conditions';
import { type SearchScope, SqlParams } from './search-scope';

export { type SearchScope, SqlParams } from './search-scope';

/**
 * One SQL query for a search: the caller's visibility rule and the criteria in the WHERE
 * clause (so neither the bugs returned nor their number can reveal a hidden bug), the
 * order, the limit. Ordered by id alone, a quicksearch word's alternatives each give only
 * their first rows (first-rows-union.ts). Returns the documents of the bugs found and the
 * names of their users and whether they ever had flags, or, given `select`, that expression as `bug` (include_fields
 * pushed down).
 */
export function compileSearch(request: SearchRequest, scope: SearchScope, select?: string): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const criteria = (criterion: Criterion): string => `${visibility(scope, params)} AND ${compileCriterion(criterion, scope, params)}`;
  const byIdOnly = request.order.every((term) => term.field === 'bug_id' && !term.descending);
  const where =
    (byIdOnly ? firstRowsUnion(request.criteria, request.limit + request.offset, criteria, scope, params) : null) ??
    criteria(request.criteria);
  const order = [...request.order.flatMap((term) => orderBy(term.field, term.descending, scope, params)), 'b.id'];
  const columns = select === undefined ? `b.doc, ${usersOfRow(scope.schema)} AS users, b.ever_flagged` : `${select} AS bug`;
  const text = `SELECT ${columns} FROM ${scope.schema}.bugs b WHERE ${where} ORDER BY ${order.join(', ')} LIMIT ${params.add(request.limit)} OFFSET ${params.add(request.offset)}`;
  return { text, values: params.values };
}

/**
 * `count_only` (Bugzilla R6): how many visible bugs match, with the same WHERE clause and
 * neither order, limit nor offset, as R6's Search drops them for a count.
 */
export function compileCount(request: SearchRequest, scope: SearchScope): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const where = [visibility(scope, params), compileCriterion(request.criteria, scope, params)];
  return { text: `SELECT count(*)::int AS bug_count FROM ${scope.schema}.bugs b WHERE ${where.join(' AND ')}`, values: params.values };
}

/** Reference §8.1 with the contract's rule: all of the bug's groups, or a role on it. */
export function visibility(scope: SearchScope, params: SqlParams): string {
  if (scope.userId === null) return 'cardinality(b.group_ids) = 0';
  const me = params.add(scope.userId);
  return `(b.group_ids <@ ${params.add(scope.groupIds)}::int[] OR b.assignee_id = ${me} OR b.qa_contact_id = ${me}
    OR (b.is_creator_accessible AND b.reporter_id = ${me}) OR (b.is_cc_accessible AND ${me} = ANY(b.cc_ids)))`;
}

function compileCriterion(criterion: Criterion, scope: SearchScope, params: SqlParams): string {
  // Positive conditions stay bare so that indexes serve them; a NULL (no value) counts as
  // false, which `coalesce` makes explicit wherever a NOT would otherwise keep it NULL.
  if (criterion.kind === 'group') {
    const union = criterion.join === 'OR' && !criterion.negate ? substringUnion(criterion.items, scope, params) : null;
    if (union) return union;
    const parts = criterion.items.map((item) => compileCriterion(item, scope, params));
    const joined = parts.length === 0 ? 'TRUE' : `(${parts.join(criterion.join === 'AND' ? ' AND ' : ' OR ')})`;
    return criterion.negate ? `NOT coalesce(${joined}, false)` : joined;
  }
  const positive = NEGATED[criterion.operator];
  const sql = positive
    ? `NOT coalesce(${compileCondition({ ...criterion, operator: positive }, scope, params)}, false)`
    : compileCondition(criterion, scope, params);
  return criterion.negate ? `NOT coalesce(${sql}, false)` : sql;
}

function orderBy(field: string, descending: boolean, scope: SearchScope, params: SqlParams): string[] {
  const direction = descending ? 'DESC' : 'ASC';
  const list = SORTED_BY_VALUE[field];
  const column = searchColumn(field, scope.customFields);
  const values = list ? scope.valueOrder[list] : undefined;
  if (values && column.kind === 'text')
    return [`array_position(${params.add(values)}::text[], ${column.sql}) ${direction}`, `${column.sql} ${direction}`];
  switch (column.kind) {
    case 'text':
    case 'int':
    case 'number':
    case 'datetime':
    case 'date':
    case 'bool':
      return [`${column.sql} ${direction}`];
    case 'user':
      return [`(SELECT u.${column.name} FROM ${scope.schema}.bug_users u WHERE u.id = ${column.sql}) ${direction}`];
    case 'alias':
      return [`array_to_string(b.alias, ',') ${direction}`];
    case 'textArray':
    case 'intArray':
      return [`array_to_string(${column.sql}, ',') ${direction}`];
    case 'userArray':
    case 'tag':
    case 'comment':
    case 'commenter':
    case 'none':
      return [];
  }
}
