import type { DomainError, NamedRef } from '@tracker/contracts';
import { FLAG_TYPE_LIMITS } from '../flag-type-limits';
import { FlagsErrors } from '../flags.errors';

/**
 * The field validators of a flag type (Bugzilla's FlagType VALIDATORS), each returning the
 * value to store or its refusal. Lengths count characters (code points), as PostgreSQL's
 * varchar does.
 */
const characters = (text: string): number => [...text].length;

/** Trimmed, 1-50 characters, no whitespace, no comma (1101). */
export function checkFlagTypeName(raw: string): string | DomainError {
  const name = raw.trim();
  if (name === '' || /[\s,]/u.test(name) || characters(name) > FLAG_TYPE_LIMITS.nameLength) return FlagsErrors.nameInvalid(name);
  return name;
}

/** Trimmed and not blank (1102), at most 65,535 characters (32000). */
export function checkFlagTypeDescription(raw: string): string | DomainError {
  const description = raw.trim();
  if (description === '') return FlagsErrors.descriptionBlank();
  const length = characters(description);
  if (length > FLAG_TYPE_LIMITS.descriptionLength) return FlagsErrors.descriptionTooLong(length);
  return description;
}

/**
 * Addresses given as an array or as strings separated by commas or spaces, kept joined by
 * ", " in at most 200 characters (1103); each must be ASCII with exactly one `@`, something
 * before it and a dot inside what follows, and none of `<>()[]\,;:"` (501): Bugzilla's
 * Email::Address::XS bare-address check, without the login rules of accounts.
 */
export function checkCcList(items: readonly string[]): string[] | DomainError {
  const addresses = items.flatMap((item) => item.split(/[,\s]+/u)).filter((address) => address !== '');
  const joined = joinCcList(addresses);
  if (characters(joined) > FLAG_TYPE_LIMITS.ccListLength) return FlagsErrors.ccListTooLong(joined);
  const illegal = addresses.find((address) => !isBareAddress(address));
  return illegal === undefined ? addresses : FlagsErrors.illegalEmail(illegal);
}

export function joinCcList(addresses: readonly string[]): string {
  return addresses.join(', ');
}

function isBareAddress(address: string): boolean {
  const parts = address.split('@');
  if (parts.length !== 2 || !/^[\x21-\x7e]+$/.test(address) || /[<>()[\]\\,;:"]/.test(address)) return false;
  const [local = '', domain = ''] = parts;
  return local !== '' && /^[^.]+(\.[^.]+)+$/.test(domain);
}

/** An integer from 1 to 32767, or its digits (1104); anything else, 0 included, is refused. */
export function checkSortKey(raw: unknown): number | DomainError {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isInteger(value) && value >= FLAG_TYPE_LIMITS.sortKey.min && value <= FLAG_TYPE_LIMITS.sortKey.max) return value;
  return FlagsErrors.sortKeyInvalid(typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? String(raw)));
}

/** A group by name, regardless of case (51); '' is none. */
export function checkGroup(name: string, groups: readonly NamedRef[]): NamedRef | null | DomainError {
  if (name.trim() === '') return null;
  const group = groups.find((candidate) => candidate.name.toLowerCase() === name.trim().toLowerCase());
  return group ?? FlagsErrors.groupNotFound(name);
}
