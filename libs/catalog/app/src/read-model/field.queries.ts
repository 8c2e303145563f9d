import type { CatalogRef, FieldTypeCode } from '@tracker/contracts';
import type { DataSource } from 'typeorm';
import { type Sql, sqlOn } from './sql';
import { SELECTABLE_SQL, type Viewer, viewerParams } from './viewer';

export interface FieldRow {
  readonly id: number;
  readonly name: string;
  readonly display_name: string;
  readonly type: FieldTypeCode;
  readonly is_custom: boolean;
  readonly is_mandatory: boolean;
  readonly is_on_bug_entry: boolean;
  readonly sort_key: number;
  readonly is_obsolete: boolean;
  readonly long_description: string;
  readonly visibility_field: string | null;
  readonly value_field: string | null;
}

export interface ValueRow {
  readonly id: number;
  readonly field_id: number;
  readonly name: string;
  readonly sort_key: number;
  readonly is_active: boolean;
  readonly visibility_value: string | null;
}

export interface StatusRow {
  readonly id: number;
  readonly name: string;
  readonly is_open: boolean;
  readonly sort_key: number;
  readonly is_active: boolean;
}

export interface TransitionRow {
  /** 0: the new-bug pseudo-status */
  readonly from_status_id: number;
  readonly to_status_id: number;
  readonly comment_required: boolean;
}

export interface ProductValueRow {
  readonly id: number;
  readonly name: string;
  readonly product: string;
  readonly sort_key: number;
  readonly is_active: boolean;
}

/** Everything the field definitions are made of, read in one statement. */
export interface FieldSnapshot {
  readonly fields: readonly FieldRow[];
  readonly visibility: readonly { readonly field_id: number; readonly name: string }[];
  readonly values: readonly ValueRow[];
  readonly statuses: readonly StatusRow[];
  readonly transitions: readonly TransitionRow[];
  readonly duplicate_status_id: number | null;
  readonly keywords: readonly { readonly id: number; readonly name: string; readonly description: string }[];
  readonly classifications: readonly { readonly id: number; readonly name: string; readonly sort_key: number }[];
  /** only those of products the viewer may see; empty when not asked for */
  readonly components: readonly ProductValueRow[];
  readonly versions: readonly ProductValueRow[];
  readonly milestones: readonly ProductValueRow[];
}

const FIELD_COLUMNS = `f.id, f.name, f.display_name, f.type, f.is_custom, f.is_mandatory, f.is_on_bug_entry, f.sort_key, f.is_obsolete,
  f.long_description, vf.name AS visibility_field, valf.name AS value_field
  FROM {s}.fields f LEFT JOIN {s}.fields vf ON vf.id = f.visibility_field_id LEFT JOIN {s}.fields valf ON valf.id = f.value_field_id`;

const perProduct = (table: string, sortKey: string, order: string): string =>
  `CASE WHEN $3 THEN (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'product', p.name, 'sort_key', ${sortKey},
     'is_active', x.is_active) ORDER BY ${order}), '[]') FROM {s}.${table} x JOIN {s}.products p ON p.id = x.product_id
     WHERE ${SELECTABLE_SQL}) ELSE '[]' END`;

/** Field definitions and their values; the snapshot is the hot path of GET /rest/field/bug and of bug rules. */
export class FieldQueries {
  private readonly sql: Sql;

  constructor(dataSource: DataSource) {
    this.sql = sqlOn(dataSource);
  }

  async snapshot(viewer: Viewer, productValues: boolean): Promise<FieldSnapshot> {
    const rows = await this.sql<FieldSnapshot>(
      `SELECT
         (SELECT coalesce(json_agg(f ORDER BY f.sort_key, f.name), '[]') FROM (SELECT ${FIELD_COLUMNS}) f) AS fields,
         (SELECT coalesce(json_agg(json_build_object('field_id', fv.field_id, 'name', sv.name) ORDER BY sv.name), '[]')
            FROM {s}.field_visibility fv JOIN {s}.fields f ON f.id = fv.field_id
            JOIN {s}.select_values sv ON sv.field_id = f.visibility_field_id AND sv.value_id = fv.value_id) AS visibility,
         (SELECT coalesce(json_agg(json_build_object('id', v.id, 'field_id', v.field_id, 'name', v.name, 'sort_key', v.sort_key,
              'is_active', v.is_active, 'visibility_value', sv.name) ORDER BY v.sort_key, lower(v.name), v.id), '[]')
            FROM {s}.field_values v JOIN {s}.fields f ON f.id = v.field_id
            LEFT JOIN {s}.select_values sv ON sv.field_id = f.value_field_id AND sv.value_id = v.visibility_value_id) AS values,
         (SELECT coalesce(json_agg(st ORDER BY st.sort_key, lower(st.name), st.id), '[]') FROM {s}.statuses st) AS statuses,
         (SELECT coalesce(json_agg(t), '[]') FROM {s}.transitions t) AS transitions,
         (SELECT duplicate_status_id FROM {s}.workflow_settings WHERE id = 1) AS duplicate_status_id,
         (SELECT coalesce(json_agg(k ORDER BY lower(k.name), k.id), '[]') FROM {s}.keywords k) AS keywords,
         (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'sort_key', c.sort_key)
            ORDER BY c.sort_key, lower(c.name), c.id), '[]') FROM {s}.classifications c) AS classifications,
         ${perProduct('components', '0', 'x.product_id, lower(x.name), x.id')} AS components,
         ${perProduct('versions', '0', 'x.id')} AS versions,
         ${perProduct('milestones', 'x.sort_key', 'x.sort_key, lower(x.name), x.id')} AS milestones`,
      [...viewerParams(viewer), productValues],
    );
    const snapshot = rows[0];
    if (!snapshot) throw new Error('the field snapshot query returned no row');
    return snapshot;
  }

  async byName(name: string): Promise<FieldRow | undefined> {
    return (await this.sql<FieldRow>(`SELECT ${FIELD_COLUMNS} WHERE lower(f.name) = lower($1)`, [name.trim()]))[0];
  }

  async byId(id: number): Promise<FieldRow | undefined> {
    return (await this.sql<FieldRow>(`SELECT ${FIELD_COLUMNS} WHERE f.id = $1`, [id]))[0];
  }

  /** Bugzilla's default sort key for a new field: 100 after the highest. */
  async nextSortKey(): Promise<number> {
    const rows = await this.sql<{ next: number }>(`SELECT coalesce(max(sort_key), 0) + 100 AS next FROM {s}.fields`);
    return Number(rows[0]?.next ?? 100);
  }

  /** Values of a select field by name (any case), whichever table holds them. */
  async selectValues(fieldId: number, names: readonly string[]): Promise<CatalogRef[]> {
    return this.sql<CatalogRef>(
      `SELECT value_id AS id, name FROM {s}.select_values WHERE field_id = $1 AND lower(name) = ANY($2::text[]) ORDER BY value_id`,
      [fieldId, names.map((name) => name.trim().toLowerCase())],
    );
  }
}
