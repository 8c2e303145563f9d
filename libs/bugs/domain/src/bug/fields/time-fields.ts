import { type DomainError, MAX_WORK_TIME } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';

/**
 * Bugzilla's check_time: hours with up to two meaningful decimals, at most 99999.99,
 * negative only where allowed (work time). Stored and compared rounded to cents.
 */
export function checkHours(field: string, value: number, allowNegative: boolean): number | DomainError {
  if (!Number.isFinite(value)) return BugErrors.numberNotNumeric(field, String(value));
  if (value > MAX_WORK_TIME) return BugErrors.numberTooLarge(field, String(value), '99999.99');
  if (value < 0 && !allowNegative) return BugErrors.numberTooSmall(field, String(value), '0');
  return Math.round(value * 100) / 100;
}

/** A deadline `YYYY-MM-DD` (empty clears it). */
export function checkDeadline(value: string): string | null | DomainError {
  const date = value.trim();
  if (date === '') return null;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date);
  if (!match) return BugErrors.illegalDate(date);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) {
    return BugErrors.illegalDate(date);
  }
  return parsed.toISOString().slice(0, 10);
}
