/** The contract's bug field definition and value objects (GET /rest/field/bug). */
export interface StatusTransitionObject {
  readonly name: string;
  readonly comment_required: boolean;
}

/**
 * One legal value. Every value has name, sort_key, its duplicate sortkey and
 * visibility_values; per-product values (component, version, target_milestone) add
 * is_active; bug_status values add is_open and can_change_to; keywords have only name
 * and description. The new-bug pseudo-status has the name null.
 */
export interface FieldValueObject {
  readonly name: string | null;
  readonly sort_key?: number;
  readonly sortkey?: number;
  readonly visibility_values?: readonly string[];
  readonly is_active?: boolean;
  readonly is_open?: boolean;
  readonly can_change_to?: readonly StatusTransitionObject[];
  readonly description?: string;
}

export interface FieldObject {
  readonly id: number;
  readonly name: string;
  readonly display_name: string;
  readonly type: number;
  readonly is_custom: boolean;
  readonly is_mandatory: boolean;
  readonly is_on_bug_entry: boolean;
  readonly visibility_field: string | null;
  readonly visibility_values: readonly string[];
  /** only on fields with values */
  readonly value_field?: string | null;
  readonly values?: readonly FieldValueObject[];
}
