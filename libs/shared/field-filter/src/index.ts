// Bugzilla's include_fields / exclude_fields: parsing, the per-field decision and the
// filtering of whole response objects. Pure: no framework, no I/O.
export type { FieldType } from './field-type.types';
export { DEFAULT_FIELD_TYPES } from './field-type.types';
export { parseFieldList, fieldSelection } from './field-list.parser';
export { FieldFilter } from './field-filter.decision';
export type { ObjectShape } from './object-shape.types';
export { fieldTypesIn } from './object-shape.types';
export { filterObject, filterObjects } from './object-shape.filter';
export { bugFieldType } from './bug-field-type.classifier';
