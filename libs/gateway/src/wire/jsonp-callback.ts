import { DomainError } from '@tracker/contracts';

const SAFE_CALLBACK = /^[A-Za-z0-9_.[\]]+$/;

/** A JSONP callback name is trimmed and may only hold letters, digits and `[]._` (else 32611). */
export function validateCallback(raw: unknown): string {
  const value = typeof raw === 'string' ? raw.trim() : Array.isArray(raw) ? String(raw.at(-1) ?? '').trim() : String(raw);
  if (SAFE_CALLBACK.test(value)) return value;
  throw new DomainError(
    'invalidCallback',
    `You cannot use '${value}' as your 'callback' parameter. For security reasons, only letters, numbers, and the following characters are allowed in the 'callback' parameter: []._`,
  );
}
