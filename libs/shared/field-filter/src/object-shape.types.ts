// How a response object's fields behave under include_fields / exclude_fields, declared
// once per object kind so that every call filters it the same way.
import { DEFAULT_FIELD_TYPES, type FieldType } from './field-type.types';

export interface ObjectShape {
  /** types of fields; a field not listed has typeOf(field) or ['default'] */
  readonly types?: Readonly<Record<string, readonly FieldType[]>>;
  readonly typeOf?: (field: string) => readonly FieldType[];
  /**
   * fields holding an object or an array of objects whose own fields are filtered with
   * `parent.child` names; a field not listed is kept or dropped whole
   */
  readonly nested?: Readonly<Record<string, ObjectShape>>;
  /**
   * fields emitted exactly when another field is wanted, whatever the lists say, e.g.
   * { assigned_to_detail: 'assigned_to', cc_detail: 'cc' }; a companion's nested fields
   * are named after that other field (`assigned_to.name`), as in Bugzilla's Bug.get
   */
  readonly companions?: Readonly<Record<string, string>>;
  /** fields returned whatever the lists say (Bugzilla's User.get email_enabled, login_denied_text) */
  readonly unfiltered?: readonly string[];
}

export function fieldTypesIn(shape: ObjectShape, field: string): readonly FieldType[] {
  return shape.types?.[field] ?? shape.typeOf?.(field) ?? DEFAULT_FIELD_TYPES;
}
