import type { DomainError } from '@tracker/contracts';
import { IdentityErrors } from '../identity.errors';

/** Bugzilla's Group validators: trimmed, non-empty name and description, a regexp that compiles. */
export function checkGroupName(raw: string): string | DomainError {
  const name = raw.trim();
  return name === '' ? IdentityErrors.emptyGroupName() : name;
}

export function checkGroupDescription(raw: string): string | DomainError {
  const description = raw.trim();
  return description === '' ? IdentityErrors.emptyGroupDescription() : description;
}

/**
 * Tracker evaluates user regexps with JavaScript's engine, case-insensitively as Bugzilla's
 * `$login =~ /$regexp/i`; a pattern it cannot compile is refused (Perl-only syntax such as
 * possessive quantifiers included).
 */
export function checkUserRegexp(raw: string): string | DomainError {
  const pattern = raw.trim();
  try {
    new RegExp(pattern, 'i');
    return pattern;
  } catch {
    return IdentityErrors.invalidRegexp();
  }
}

/** Bugzilla's clean_text: control characters become spaces, then trimmed; empty means none. */
export function cleanIconUrl(raw: string | null): string | null {
  const cleaned = (raw ?? '').replace(/[\x00-\x1F\x7F]+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}
