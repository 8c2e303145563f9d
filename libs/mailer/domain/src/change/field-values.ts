import type { BugChanges, BugFields, BugScalarFields } from '@tracker/contracts';
import { valueText } from './field-diffs';
import { SCALAR_FIELD_NAMES } from './mail-fields';

/**
 * The value of each single-valued field of a bug as its mail shows it, by Bugzilla's field
 * name (`bug_status`, `cf_...`). BugUpdated carries only new values, so the mailer folds
 * these from the bug's events to fill a diff row's "Removed" column (Bugzilla's mail shows
 * What | Removed | Added). A field missing is one the mailer has not seen a value of.
 */
export type MailFieldValues = Readonly<Record<string, string>>;

/** A new bug's values: every scalar and custom field it was created with. */
export function fieldValuesOf(fields: BugFields): MailFieldValues {
  const values: Record<string, string> = {};
  for (const [key, name] of Object.entries(SCALAR_FIELD_NAMES)) values[name] = valueText(fields[key as keyof BugScalarFields]);
  for (const [name, value] of Object.entries(fields.customFields)) values[name] = valueText(value);
  return values;
}

/** The values after one BugUpdated: its new scalars and custom fields replace the old ones. */
export function withChangedValues(values: MailFieldValues, changes: BugChanges): MailFieldValues {
  const next: Record<string, string> = { ...values };
  for (const [key, name] of Object.entries(SCALAR_FIELD_NAMES)) {
    if (key in changes) next[name] = valueText(changes[key as keyof BugScalarFields]);
  }
  for (const [name, value] of Object.entries(changes.customFields ?? {})) next[name] = valueText(value);
  return next;
}
