import type { DomainError } from '@tracker/contracts';
import { BUG_LIMITS } from '../../bugs-limits';
import { BugErrors } from '../../bugs.errors';
import type { AliasOwners } from '../bug.facts';

export const MAX_ALIAS_LENGTH = BUG_LIMITS.aliasLength;

/** Aliases as given: a string is split at spaces and commas, empty pieces dropped. */
export function splitAliases(input: string | readonly string[]): string[] {
  const pieces = typeof input === 'string' ? input.split(/[\s,]+/) : input;
  return pieces.filter((piece) => piece !== '');
}

/** Bugzilla's _check_alias for one alias; `bugId` is the bug that may already own it. */
export function checkAlias(raw: string, owners: AliasOwners, bugId: number | null): string | DomainError {
  const alias = raw.trim();
  if (alias.length > MAX_ALIAS_LENGTH) return BugErrors.aliasTooLong();
  if (/^\d+$/.test(alias)) return BugErrors.aliasIsNumeric(alias);
  if (/[, ]/.test(alias)) return BugErrors.aliasHasCommaOrSpace(alias);
  const owner = owners.get(alias.toLowerCase());
  if (owner !== undefined && owner !== bugId) return BugErrors.aliasInUse(alias, owner);
  return alias;
}
