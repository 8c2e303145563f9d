import type { BugAsOf } from '../../as-of/bug-as-of';
import type { OrderTerm } from '../search-criteria';
import { SORTED_BY_VALUE } from '../search-fields';
import { asOfField } from './as-of-fields';
import type { CurrentUserNames } from './as-of-known';

export interface AsOfOrderScope {
  readonly customFieldTypes: ReadonlyMap<string, number>;
  /** select fields' values in sort-key order */
  readonly valueOrder: Readonly<Record<string, readonly string[]>>;
}

type Key = string | number | boolean | null;

/**
 * The plain search's ORDER BY on folded bugs: each term by its value then (select fields
 * by their sort keys, then by name; people by their name now; lists by their items
 * joined), no value last ascending and first descending as PostgreSQL puts NULL, and the
 * bug id last. Texts compare by code point (the SQL compares by the database's collation,
 * which orders mixed case and accents differently). Fields with no order in SQL (CC,
 * tags, comments) add none here either.
 */
export function sortAsOf(bugs: readonly BugAsOf[], order: readonly OrderTerm[], scope: AsOfOrderScope, users: CurrentUserNames): BugAsOf[] {
  const keys = order.flatMap((term) => keysOf(term, scope, users));
  return [...bugs].sort((a, b) => {
    for (const { key, descending } of keys) {
      const compared = compareKeys(key(a), key(b), descending);
      if (compared !== 0) return compared;
    }
    return a.state.bugId - b.state.bugId;
  });
}

function keysOf(
  term: OrderTerm,
  scope: AsOfOrderScope,
  users: CurrentUserNames,
): Array<{ key: (bug: BugAsOf) => Key; descending: boolean }> {
  const field = asOfField(term.field, scope.customFieldTypes);
  const by = (key: (bug: BugAsOf) => Key) => ({ key, descending: term.descending });
  if (field === null) return [];
  switch (field.kind) {
    case 'text': {
      const values = scope.valueOrder[SORTED_BY_VALUE[term.field] ?? ''];
      if (!values) return [by(field.read)];
      // array_position: a value not in the list has none
      const position = (bug: BugAsOf): Key => {
        const index = values.indexOf(field.read(bug) ?? '');
        return index < 0 ? null : index + 1;
      };
      return [by(position), by(field.read)];
    }
    case 'int':
    case 'number':
    case 'bool':
      return [by(field.read)];
    case 'datetime':
      return [
        by((bug) => {
          const value = field.read(bug);
          return value === null ? null : Date.parse(value);
        }),
      ];
    case 'date':
      return [by(field.read)];
    case 'user':
      return [
        by((bug) => {
          const user = users.get(field.read(bug) ?? -1);
          return user ? (field.name === 'login' ? user.login : user.realName) : null;
        }),
      ];
    case 'alias':
      // the SQL orders by the aliases as written, not by their lower-case keys
      return [by((bug) => bug.state.fields.alias.join(','))];
    case 'textArray':
    case 'intArray':
      return [by((bug) => field.read(bug).join(','))];
    case 'userArray':
    case 'comment':
    case 'none':
      return [];
  }
}

function compareKeys(a: Key, b: Key, descending: boolean): number {
  if (a === b) return 0;
  // PostgreSQL: NULLS LAST ascending, NULLS FIRST descending
  if (a === null) return descending ? -1 : 1;
  if (b === null) return descending ? 1 : -1;
  const ascending = a < b ? -1 : a > b ? 1 : 0;
  return descending ? -ascending : ascending;
}
