/** Bugzilla's field type codes (`Bugzilla::Constants` FIELD_TYPE_*), as the API reports them. */
export const FIELD_TYPE = {
  unknown: 0,
  freeText: 1,
  singleSelect: 2,
  multiSelect: 3,
  textArea: 4,
  dateTime: 5,
  bugId: 6,
  bugUrls: 7,
  keywords: 8,
  date: 9,
  integer: 10,
} as const;
export type FieldTypeCode = (typeof FIELD_TYPE)[keyof typeof FIELD_TYPE];

/** The types an administrator may give a custom field (the contract's list). */
export const CUSTOM_FIELD_TYPES: readonly FieldTypeCode[] = [
  FIELD_TYPE.freeText,
  FIELD_TYPE.singleSelect,
  FIELD_TYPE.multiSelect,
  FIELD_TYPE.textArea,
  FIELD_TYPE.dateTime,
  FIELD_TYPE.bugId,
  FIELD_TYPE.date,
  FIELD_TYPE.integer,
];

export function isSelectType(type: number): boolean {
  return type === FIELD_TYPE.singleSelect || type === FIELD_TYPE.multiSelect;
}
