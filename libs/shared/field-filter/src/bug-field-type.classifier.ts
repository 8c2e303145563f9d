// The field types of a bug as Bug.get and Bug.search report it (R5 `_bug_to_hash`):
// custom fields are default *and* custom, `tags` is extra, everything else default.
import { DEFAULT_FIELD_TYPES, type FieldType } from './field-type.types';

const CUSTOM_FIELD_TYPES: readonly FieldType[] = ['default', 'custom'];
const EXTRA_FIELD_TYPES: readonly FieldType[] = ['extra'];

/** Bugzilla names every custom field `cf_…`, so the name alone tells a custom field. */
export function bugFieldType(field: string): readonly FieldType[] {
  if (field.startsWith('cf_')) {
    return CUSTOM_FIELD_TYPES;
  }
  if (field === 'tags') {
    return EXTRA_FIELD_TYPES;
  }
  return DEFAULT_FIELD_TYPES;
}
