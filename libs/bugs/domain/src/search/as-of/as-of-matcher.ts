import { CommonErrors, type DomainError } from '@tracker/contracts';
import type { BugAsOf } from '../../as-of/bug-as-of';
import type { Condition, Criterion, SearchOperator } from '../search-criteria';
import { integersOf, NEGATED, type ScalarKind, searchDate, typedSearchValue, wordsOf } from '../search-values';
import { type AsOfField, asOfField, NOT_AS_OF } from './as-of-fields';
import { type AsOfKnown, type CurrentUserNames, visibleCommentsAsOf } from './as-of-known';
import { searchRegExp, textMatches } from './as-of-text';

/** Who searches (`%user%`, private comments) and the installation's custom fields by name, with their types. */
export interface AsOfMatchScope {
  readonly userId: number | null;
  readonly insider: boolean;
  readonly customFieldTypes: ReadonlyMap<string, number>;
}

export type AsOfPredicate = (bug: BugAsOf, known: AsOfKnown) => boolean;

const not =
  (predicate: AsOfPredicate): AsOfPredicate =>
  (bug, known) =>
    !predicate(bug, known);

export function notAsOfCriterion(field: string): DomainError {
  return CommonErrors.userError(
    `A search with 'as_of' cannot match on '${field}': ${NOT_AS_OF[field] ?? 'it is not folded'}. Leave it out, or search without 'as_of'.`,
  );
}

/**
 * A search's criteria as a predicate on bugs folded as of an instant, meaning what the
 * SQL search means on the read model's columns (search-conditions.ts in the app): the
 * same operators, a no-value as SQL's NULL (a negative operator or a negated group
 * matches it). Every value is read and checked here, before any bug is folded, so a
 * mistaken value is refused however many bugs there are; a field the fold cannot judge
 * (NOT_AS_OF) is refused by name, never ignored.
 */
export function compileAsOfCriteria(criterion: Criterion, scope: AsOfMatchScope): AsOfPredicate {
  if (criterion.kind === 'group') {
    const items = criterion.items.map((item) => compileAsOfCriteria(item, scope));
    const joined: AsOfPredicate =
      criterion.join === 'AND'
        ? (bug, known) => items.every((item) => item(bug, known))
        : (bug, known) => items.length === 0 || items.some((item) => item(bug, known));
    return criterion.negate ? not(joined) : joined;
  }
  const positive = NEGATED[criterion.operator];
  const matched = compileCondition({ ...criterion, operator: positive ?? criterion.operator }, scope);
  const signed = positive ? not(matched) : matched;
  return criterion.negate ? not(signed) : signed;
}

function compileCondition(condition: Condition, scope: AsOfMatchScope): AsOfPredicate {
  const field = asOfField(condition.field, scope.customFieldTypes);
  if (field === null) throw notAsOfCriterion(condition.field);
  const { operator, value } = condition;
  switch (field.kind) {
    case 'none':
      return () => false;
    case 'text':
      if (operator === 'regexp') searchRegExp(value);
      return (bug) => textMatches(field.read(bug), operator, value);
    case 'alias':
      return listTest(field.read, operator, (alias) => textMatches(alias, operator, value, true));
    case 'textArray':
      return textArrayTest(field.read, operator, value);
    case 'intArray': {
      const ids = integersOf(value);
      if (operator === 'equals' || operator === 'anyexact') return (bug) => field.read(bug).some((id) => ids.includes(id));
      return listTest(field.read, operator, (id) => textMatches(String(id), operator, value));
    }
    case 'user':
      if (operator === 'isempty' || operator === 'isnotempty') return (bug) => (field.read(bug) === null) === (operator === 'isempty');
      return (bug, known) => userMatches(field.read(bug), field.name, operator, value, scope, known.users);
    case 'userArray':
      return listTest(field.read, operator, (id, known) => userMatches(id, 'login', operator, value, scope, known.users));
    case 'comment':
      if (operator === 'regexp') searchRegExp(value);
      // as the SQL: some comment the caller may see matches (its text, or its author's login now)
      return (bug, known) =>
        visibleCommentsAsOf(bug, known.comments, scope.insider).some((comment) =>
          field.part === 'text'
            ? textMatches(comment.text, operator, value)
            : userMatches(comment.authorId, 'login', operator, value, scope, known.users),
        );
    case 'int':
    case 'number':
    case 'bool':
    case 'datetime':
    case 'date':
      return scalarTest(field, operator, value, condition.field);
  }
}

/** isempty / isnotempty on the list itself; any other operator: some item matches. */
function listTest<T>(
  read: (bug: BugAsOf) => readonly T[],
  operator: SearchOperator,
  item: (value: T, known: AsOfKnown) => boolean,
): AsOfPredicate {
  if (operator === 'isempty') return (bug) => read(bug).length === 0;
  if (operator === 'isnotempty') return (bug) => read(bug).length > 0;
  return (bug, known) => read(bug).some((value) => item(value, known));
}

/** Multi-valued text: exact and word operators compare whole items, the others each item's text. */
function textArrayTest(read: (bug: BugAsOf) => readonly string[], operator: SearchOperator, value: string): AsOfPredicate {
  const words = wordsOf(value);
  const items = value.split(',').map((item) => item.trim());
  if (operator === 'equals') return (bug) => read(bug).includes(value);
  if (operator === 'anyexact') return (bug) => read(bug).some((item) => items.includes(item));
  if (operator === 'anywords') return (bug) => read(bug).some((item) => words.includes(item));
  if (operator === 'allwords') return (bug) => words.every((word) => read(bug).includes(word));
  if (operator === 'regexp') searchRegExp(value);
  return listTest(read, operator, (item) => textMatches(item, operator, value));
}

/** A user whose name (as it is now) matches; `%user%` is the caller. */
function userMatches(
  id: number | null,
  name: 'login' | 'real_name',
  operator: SearchOperator,
  value: string,
  scope: AsOfMatchScope,
  users: CurrentUserNames,
): boolean {
  if (id === null) return false;
  if (value.trim() === '%user%' && scope.userId !== null) return id === scope.userId;
  const user = users.get(id);
  return user !== undefined && textMatches(name === 'login' ? user.login : user.realName, operator, value);
}

type ScalarField = Extract<AsOfField, { kind: ScalarKind }>;

/** Numbers, booleans and dates compared as values; other operators on their text, as SQL's `column::text`. */
function scalarTest(field: ScalarField, operator: SearchOperator, value: string, name: string): AsOfPredicate {
  const key = comparable(field.kind);
  const read = (bug: BugAsOf): number | string | boolean | null => {
    const raw = field.read(bug);
    return raw === null ? null : key(raw);
  };
  if (operator === 'isempty') return (bug) => field.read(bug) === null;
  if (operator === 'isnotempty') return (bug) => field.read(bug) !== null;
  if (operator === 'anyexact') {
    const wanted = value.split(',').map((item) => key(typedSearchValue(field.kind, item.trim())));
    return (bug) => {
      const found = read(bug);
      return found !== null && wanted.includes(found);
    };
  }
  const compare = COMPARE[operator];
  if (compare) {
    const wanted = key(typedSearchValue(field.kind, value));
    return (bug) => {
      const found = read(bug);
      return found !== null && compare(found < wanted ? -1 : found > wanted ? 1 : 0);
    };
  }
  // SQL's text of a timestamp depends on the session's zone: not something to imitate
  if (field.kind === 'datetime')
    throw CommonErrors.userError(`A search with 'as_of' cannot use '${operator}' on '${name}'; compare it as a date.`);
  if (operator === 'regexp') searchRegExp(value);
  return (bug) => {
    const raw = field.read(bug);
    return textMatches(raw === null ? null : String(raw), operator, value);
  };
}

const COMPARE: Partial<Record<SearchOperator, (order: number) => boolean>> = {
  equals: (order) => order === 0,
  lessthan: (order) => order < 0,
  lessthaneq: (order) => order <= 0,
  greaterthan: (order) => order > 0,
  greaterthaneq: (order) => order >= 0,
};

/** How a stored value and a typed search value of one kind are compared. */
function comparable(kind: ScalarKind): (value: string | number | boolean) => number | string | boolean {
  switch (kind) {
    case 'int':
    case 'number':
      return (value) => Number(value);
    case 'bool':
      return (value) => value === true || value === 'true';
    case 'datetime':
      return (value) => Date.parse(searchDate(String(value)));
    case 'date':
      // SQL casts the typed value to a date: its day, as YYYY-MM-DD
      return (value) => String(value).slice(0, 10);
  }
}
