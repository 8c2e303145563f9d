import { CATALOG_LIMITS } from '../catalog-limits';

/**
 * How the catalog reads names, as Bugzilla does: surrounding whitespace is dropped,
 * control characters become spaces, and names compare without regard to case (MySQL's
 * collation made every Bugzilla name lookup case-insensitive).
 */
export const MAX_NAME_LENGTH = CATALOG_LIMITS.nameLength;

export function trimmed(value: string | undefined | null): string {
  return (value ?? '').trim();
}

/** Bugzilla's clean_text: control characters to spaces, then trim. */
export function cleanText(value: string | undefined | null): string {
  return (value ?? '').replace(/[\x00-\x1F\x7F]+/g, ' ').trim();
}

export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function findByName<T extends { readonly name: string }>(items: readonly T[], name: string): T | undefined {
  return items.find((item) => sameName(item.name, name));
}

export function isSmallInt(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
