import { CommonErrors, type DomainError } from '@tracker/contracts';
import { IDENTITY_LIMITS } from '../identity-limits';
import { IdentityErrors } from '../identity.errors';

/** Bugzilla's Group validators: trimmed, non-empty name and description, a regexp that compiles; each within its limit. */
export function checkGroupName(raw: string): string | DomainError {
  const name = raw.trim();
  if (name === '') return IdentityErrors.emptyGroupName();
  return name.length > IDENTITY_LIMITS.groupNameLength
    ? CommonErrors.textTooLong('group name', IDENTITY_LIMITS.groupNameLength, name.length)
    : name;
}

export function checkGroupDescription(raw: string): string | DomainError {
  const description = raw.trim();
  if (description === '') return IdentityErrors.emptyGroupDescription();
  const limit = IDENTITY_LIMITS.groupDescriptionLength;
  return description.length > limit ? CommonErrors.textTooLong('group description', limit, description.length) : description;
}

/**
 * Tracker evaluates user regexps with JavaScript's engine, case-insensitively as Bugzilla's
 * `$login =~ /$regexp/i`; a pattern it cannot compile is refused (Perl-only syntax such as
 * possessive quantifiers included).
 */
export function checkUserRegexp(raw: string): string | DomainError {
  const pattern = raw.trim();
  const limit = IDENTITY_LIMITS.userRegexpLength;
  if (pattern.length > limit) return CommonErrors.textTooLong('user regular expression', limit, pattern.length);
  try {
    new RegExp(pattern, 'i');
    return pattern;
  } catch {
    return IdentityErrors.invalidRegexp();
  }
}

/** Bugzilla's clean_text: control characters become spaces, then trimmed; empty means none. */
export function cleanIconUrl(raw: string | null): string | null | DomainError {
  const cleaned = (raw ?? '').replace(/[\x00-\x1F\x7F]+/g, ' ').trim();
  const limit = IDENTITY_LIMITS.iconUrlLength;
  if (cleaned.length > limit) return CommonErrors.textTooLong('icon URL', limit, cleaned.length);
  return cleaned === '' ? null : cleaned;
}
