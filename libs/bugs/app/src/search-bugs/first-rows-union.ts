import { type CriteriaGroup, type Criterion, group } from '@tracker/bugs/domain';
import type { SearchScope, SqlParams } from './search-scope';

/**
 * A quicksearch word is an OR of substrings over seven fields; a common word matches
 * hundreds of thousands of bugs, and uniting every match before taking 50 costs seconds
 * over a million bugs. When the bugs are ordered by id alone, the first `rows` (limit +
 * offset) of the whole search are among the first `rows` of each alternative, each
 * filtered by the rest of the WHERE clause and ordered by id: a bug of the first `rows`
 * has fewer than `rows` matches before it, so fewer in its own alternative. Each branch
 * then stops after `rows` bugs, by an id-ordered walk when its word is common, by its
 * trigram index when rare. `where` compiles the visibility rule and the given criteria
 * on `bugs b`; the inner `b` of each branch hides the outer one. Null when the criteria
 * have not exactly one such OR (two would be a union of whole sets inside each branch:
 * the general form is kept).
 */
export function firstRowsUnion(
  criteria: Criterion,
  rows: number,
  where: (criteria: Criterion) => string,
  scope: SearchScope,
  params: SqlParams,
): string | null {
  const items = conjuncts(criteria);
  const ors = items.filter(isSubstringAlternatives);
  const alternatives = ors[0];
  if (ors.length !== 1 || !alternatives) return null;
  const rest = items.filter((item) => item !== alternatives);
  const limit = params.add(rows);
  const branches = alternatives.items.map(
    (alternative) =>
      `(SELECT b.id FROM ${scope.schema}.bugs b WHERE ${where(group('AND', [...rest, alternative]))} ORDER BY b.id LIMIT ${limit})`,
  );
  return `b.id IN (${branches.join(' UNION ')})`;
}

/** The criteria that must all hold: nested AND groups flattened. */
function conjuncts(criterion: Criterion): readonly Criterion[] {
  return criterion.kind === 'group' && criterion.join === 'AND' && !criterion.negate ? criterion.items.flatMap(conjuncts) : [criterion];
}

/** A word's alternatives: an OR of at least two positive substring conditions. */
function isSubstringAlternatives(criterion: Criterion): criterion is CriteriaGroup {
  return (
    criterion.kind === 'group' &&
    criterion.join === 'OR' &&
    !criterion.negate &&
    criterion.items.length >= 2 &&
    criterion.items.every((item) => item.kind === 'condition' && item.operator === 'substring' && !item.negate)
  );
}
