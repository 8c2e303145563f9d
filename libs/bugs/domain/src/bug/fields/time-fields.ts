import type { DomainError } from '@tracker/contracts';
import { BUG_LIMITS } from '../../bugs-limits';
import { BugErrors } from '../../bugs.errors';

const { min: MIN_HOURS, max: MAX_HOURS } = BUG_LIMITS.hours;

/**
 * Bugzilla's check_time: hours with up to two meaningful decimals, at most 99999.99,
 * negative only where allowed (work time). Stored and compared rounded to cents.
 */
export function checkHours(field: string, value: number, allowNegative: boolean): number | DomainError {
  if (!Number.isFinite(value)) return BugErrors.numberNotNumeric(field, String(value));
  if (value > MAX_HOURS) return BugErrors.numberTooLarge(field, String(value), String(MAX_HOURS));
  if (value < 0 && !allowNegative) return BugErrors.numberTooSmall(field, String(value), '0');
  if (value < MIN_HOURS) return BugErrors.numberTooSmall(field, String(value), String(MIN_HOURS));
  return Math.round(value * 100) / 100;
}

/**
 * The remaining time once work is logged (floored at 0): negative work time adds to it, and
 * what it comes to must still fit decimal(7,2).
 */
export function remainingAfterWork(remaining: number, workTime: number): number | DomainError {
  const next = Math.max(Math.round((remaining - workTime) * 100) / 100, 0);
  return next > MAX_HOURS ? BugErrors.numberTooLarge('remaining_time', String(next), String(MAX_HOURS)) : next;
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
