import { CommonErrors, type DomainError } from '@tracker/contracts';
import type { CriteriaGroup } from '../search-criteria';
import { integersOf, typedSearchValue } from '../search-values';

/**
 * A search as of an instant folds every candidate bug's stream, so its work is bounded:
 * at most this many candidates (bugs the caller may see now, created by the instant and
 * within the narrowing below). About 1.2 s of stream reads and folds at the bound on the
 * shared two-core development machine (docs/as-of.md); an auditor narrows a wider question.
 */
export const MAX_AS_OF_CANDIDATES = 1000;

/**
 * What narrows the candidates before anything is folded: only what a bug never changes,
 * its id and its creation time. A product, status or assignee of then may differ from
 * now, so narrowing by the read model's current value would lose bugs that matched then.
 */
export interface AsOfNarrowing {
  /** only these bugs (every top-level id criterion applies); null: any */
  readonly ids: readonly number[] | null;
  /** created at or after this instant (ISO-8601); null: any time */
  readonly createdSince: string | null;
}

/** The narrowing a search's top-level AND of criteria implies: positive id lists and `creation_time`-style lower bounds. */
export function asOfNarrowing(criteria: CriteriaGroup): AsOfNarrowing {
  let ids: number[] | null = null;
  let createdSince: string | null = null;
  if (criteria.join !== 'AND' || criteria.negate) return { ids, createdSince };
  for (const item of criteria.items) {
    if (item.kind !== 'condition' || item.negate) continue;
    if (item.field === 'bug_id' && (item.operator === 'anyexact' || item.operator === 'equals')) {
      const listed = item.operator === 'equals' ? [Number(typedSearchValue('int', item.value))] : integersOf(item.value);
      ids = ids === null ? listed : ids.filter((id) => listed.includes(id));
    }
    if (item.field === 'creation_ts' && (item.operator === 'greaterthaneq' || item.operator === 'greaterthan')) {
      // greaterthan keeps the bound inclusive: a superset of candidates, the matcher decides exactly
      const since = String(typedSearchValue('datetime', item.value));
      if (createdSince === null || since > createdSince) createdSince = since;
    }
  }
  return { ids, createdSince };
}

export function tooManyAsOfCandidates(): DomainError {
  return CommonErrors.userError(
    `A search with 'as_of' folds the history of every bug it may find, and this one may find more than ${MAX_AS_OF_CANDIDATES} bugs. ` +
      "Narrow it by bug ids ('id') or by creation time ('creation_time').",
  );
}
