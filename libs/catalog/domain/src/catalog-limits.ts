import { CommonErrors, type DomainError } from '@tracker/contracts';

/**
 * Every text and number a catalog command carries is bounded, so nothing enters the log that
 * the read model cannot hold (issue 13). Bugzilla's columns: the names of products,
 * components, versions, milestones, classifications, keywords, field values, statuses and
 * fields varchar(64) (the unique indexes on lower(name) stay far below a btree row's ~2,700
 * bytes), fielddefs.description and long descriptions TINYTEXT (255), sort keys smallint.
 * Bugzilla keeps descriptions in MEDIUMTEXT (16 MB) that no form fills; Tracker bounds them
 * at 65,535 characters, the size of a comment. Lengths count UTF-16 code units.
 */
export const CATALOG_LIMITS = {
  nameLength: 64,
  descriptionLength: 65_535,
  fieldDisplayNameLength: 255,
  fieldLongDescriptionLength: 255,
  sortKey: { min: -32_768, max: 32_767 },
} as const;

/** The description of a product, component, classification or keyword over its limit, or null. */
export function descriptionTooLong(what: string, description: string | undefined): DomainError | null {
  const limit = CATALOG_LIMITS.descriptionLength;
  return description !== undefined && description.length > limit
    ? CommonErrors.textTooLong(`${what} description`, limit, description.length)
    : null;
}

/** A custom field's name (64) or description (its display name, 255) over its limit. */
export function fieldTextTooLong(what: 'field name' | 'field description', text: string): DomainError {
  const limit = what === 'field name' ? CATALOG_LIMITS.nameLength : CATALOG_LIMITS.fieldDisplayNameLength;
  return CommonErrors.textTooLong(what, limit, text.length);
}

/** fielddefs.sortkey is a smallint; Bugzilla asks for a positive integer. */
export function isFieldSortKey(sortKey: number): boolean {
  return Number.isInteger(sortKey) && sortKey >= 0 && sortKey <= CATALOG_LIMITS.sortKey.max;
}
