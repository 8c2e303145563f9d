/** The id sequences of the catalog's read-model schema (its first migration creates them). */
export type CatalogSequence =
  | 'classification_ids'
  | 'product_ids'
  | 'component_ids'
  | 'version_ids'
  | 'milestone_ids'
  | 'keyword_ids'
  | 'field_ids'
  | 'field_value_ids'
  | 'status_ids';

/** What must be unique across streams, each guarded by its own lock namespace; installation runs once. */
export type CatalogLock = 'product-name' | 'classification-name' | 'keyword-name' | 'field-name' | 'install';
