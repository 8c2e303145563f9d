// The categories Bugzilla sorts response fields into. `default` fields come back when
// include_fields is empty, `extra` ones only when asked for, `custom` ones are bug custom
// fields; an installation may invent more, hence the open string.
export type FieldType = 'default' | 'extra' | 'custom' | (string & {});

/** What a field is when nobody says otherwise (Bugzilla's `$types || 'default'`). */
export const DEFAULT_FIELD_TYPES: readonly FieldType[] = ['default'];
