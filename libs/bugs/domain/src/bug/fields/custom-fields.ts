import { type CustomFieldValue, type DomainError, isDomainError } from '@tracker/contracts';
import { BUG_LIMITS } from '../../bugs-limits';
import { BugErrors } from '../../bugs.errors';
import { type CustomFieldRule, findValue } from '../../rules/bug-rules';
import type { BugRefs } from '../bug.facts';
import { checkDeadline } from './time-fields';

/** Bugzilla's field type codes of custom fields. */
export const CustomFieldType = {
  freeText: 1,
  singleSelect: 2,
  multiSelect: 3,
  textArea: 4,
  dateTime: 5,
  bugId: 6,
  date: 9,
  integer: 10,
} as const;

/** The value a custom field has when nobody set it. */
const DEFAULTS: Readonly<Record<number, CustomFieldValue>> = {
  [CustomFieldType.singleSelect]: '---',
  [CustomFieldType.multiSelect]: [],
  [CustomFieldType.dateTime]: null,
  [CustomFieldType.date]: null,
  [CustomFieldType.bugId]: null,
  [CustomFieldType.integer]: 0,
};

export function defaultCustomValue(field: CustomFieldRule): CustomFieldValue {
  return DEFAULTS[field.type] ?? '';
}

/** A parameter value as text: a number's digits, a list's first item, nothing for objects. */
export function textOf(value: unknown): string {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const asText = textOf;

/** Bugzilla's per-type custom field validators (Bug.pm _check_*_field). */
export function checkCustomValue(field: CustomFieldRule, raw: unknown, bugRefs: BugRefs): CustomFieldValue | DomainError {
  switch (field.type) {
    case CustomFieldType.singleSelect: {
      const name = asText(raw).trim();
      if (name === '') return BugErrors.objectNotSpecified(field.name);
      return findValue(field.values, name)?.name ?? BugErrors.objectDoesNotExist(field.name, name);
    }
    case CustomFieldType.multiSelect: {
      const names = (Array.isArray(raw) ? raw.map(textOf) : asText(raw).split(',')).map((name) => name.trim()).filter((name) => name);
      const checked: string[] = [];
      for (const name of names) {
        const found = findValue(field.values, name);
        if (!found) return BugErrors.objectDoesNotExist(field.name, name);
        if (!checked.includes(found.name)) checked.push(found.name);
      }
      return checked;
    }
    case CustomFieldType.dateTime:
      return checkDateTime(asText(raw));
    case CustomFieldType.date: {
      const text = asText(raw).trim();
      return /^[\s0\p{P}]*$/u.test(text) ? null : checkDeadline(text);
    }
    case CustomFieldType.bugId: {
      const ref = asText(raw).trim();
      if (ref === '') return null;
      const found = bugRefs.get(ref);
      if (!found) return BugErrors.invalidBugId(ref);
      return 'error' in found ? found.error : found.bugId;
    }
    case CustomFieldType.integer: {
      const text = asText(raw).trim();
      if (text === '') return 0;
      if (!/^[+-]?\d+$/.test(text)) return BugErrors.numberNotNumeric(field.name, text);
      const value = Number(text);
      const { min, max } = BUG_LIMITS.integer;
      if (value > max) return BugErrors.numberTooLarge(field.name, text, String(max));
      return value < min ? BugErrors.numberTooSmall(field.name, text, String(min)) : value;
    }
    case CustomFieldType.freeText: {
      const text = asText(raw).trim();
      return text.length > BUG_LIMITS.freeTextLength ? BugErrors.freetextTooLong(field.name, text) : text;
    }
    case 0:
    case 4:
    case 7:
    case 8: {
      const text = asText(raw).trim();
      const limit = BUG_LIMITS.textAreaLength;
      return text.length > limit ? BugErrors.freetextTooLong(field.name, text, limit) : text;
    }
  }
}

/** `YYYY-MM-DD[ HH:MM[:SS]]`; empty (or zeros and punctuation) clears the field. */
function checkDateTime(text: string): string | null | DomainError {
  const value = text.trim().replace('T', ' ').replace(/Z$/, '');
  if (/^[\s0\p{P}]*$/u.test(value)) return null;
  const [date = '', time] = value.split(' ');
  const day = checkDeadline(date);
  if (day === null || isDomainError(day)) return day ?? BugErrors.illegalDate(date);
  if (time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(time)) return BugErrors.illegalTime(time);
  return `${day}T${time === undefined ? '00:00:00' : time.length === 5 ? `${time}:00` : time}Z`;
}

/** Bugzilla's _check_field_is_mandatory for a field visible on the bug. */
export function isEmptyCustomValue(field: CustomFieldRule, value: CustomFieldValue): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  const text = String(value).trim();
  return text === '' || (text === '---' && field.type === CustomFieldType.singleSelect);
}

/** A field whose visibility depends on another field shows only for some of its values. */
export function isCustomFieldVisible(field: CustomFieldRule, valueOf: (fieldName: string) => CustomFieldValue | undefined): boolean {
  if (field.visibilityField === null) return true;
  const value = valueOf(field.visibilityField);
  const values = Array.isArray(value) ? (value as readonly string[]) : [String(value ?? '')];
  return values.some((candidate) => field.visibilityValues.includes(candidate));
}

/** Custom field values come in the input under their names (`cf_...`). */
export function customFieldInput(input: Readonly<Record<string, unknown>>, field: CustomFieldRule): { given: boolean; value: unknown } {
  return { given: Object.prototype.hasOwnProperty.call(input, field.name), value: input[field.name] };
}
