import type { ControlValue } from '@tracker/contracts';
import type { DataSource } from 'typeorm';
import { type Sql, sqlOn } from './sql';
import { CAN_EDIT_SQL, ENTERABLE_SQL, SELECTABLE_SQL, type Viewer, viewerParams } from './viewer';

export interface ComponentRow {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly default_assignee_id: number;
  readonly default_qa_contact_id: number | null;
  readonly default_cc_ids: readonly number[];
  readonly is_active: boolean;
}

export interface VersionRow {
  readonly id: number;
  readonly name: string;
  readonly sort_key: number;
  readonly is_active: boolean;
}

export interface GroupControlRow {
  readonly group_id: number;
  readonly entry: boolean;
  readonly member_control: ControlValue;
  readonly other_control: ControlValue;
  readonly can_edit: boolean;
  readonly editcomponents: boolean;
}

export interface ProductRow {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly is_active: boolean;
  readonly default_milestone: string;
  readonly allows_unconfirmed: boolean;
  readonly classification: string;
  readonly selectable: boolean;
  readonly enterable: boolean;
  readonly can_edit: boolean;
  /** null when not asked for */
  readonly components: readonly ComponentRow[] | null;
  readonly versions: readonly VersionRow[] | null;
  readonly milestones: readonly VersionRow[] | null;
  readonly group_controls: readonly GroupControlRow[] | null;
}

export interface ProductFilter {
  /** null: every product; else those with one of these ids or (lower-cased) names */
  readonly ids: readonly number[] | null;
  readonly names: readonly string[] | null;
  /** which products count: those the viewer may see, may enter bugs in, or all */
  readonly visible: 'selectable' | 'enterable' | 'accessible' | 'any';
}

export interface ProductParts {
  readonly components: boolean;
  readonly versions: boolean;
  readonly milestones: boolean;
  readonly groupControls: boolean;
}

export interface ProductRef {
  readonly id: number;
  readonly name: string;
}

/** Products as one SQL statement: visibility, filters and the wanted lists aggregated as JSON. */
export class ProductQueries {
  private readonly sql: Sql;

  constructor(dataSource: DataSource) {
    this.sql = sqlOn(dataSource);
  }

  /** Products whose group controls give one of these groups editcomponents (per-product administrators), ascending. */
  async administeredBy(groupIds: readonly number[]): Promise<number[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.sql<{ product_id: number }>(
      `SELECT DISTINCT product_id FROM {s}.group_controls WHERE editcomponents AND group_id = ANY($1::integer[]) ORDER BY product_id`,
      [groupIds],
    );
    return rows.map((row) => row.product_id);
  }

  async ids(visible: ProductFilter['visible'], viewer: Viewer): Promise<number[]> {
    const rows = await this.find({ ids: null, names: null, visible }, viewer, NO_PARTS);
    return rows.map((row) => row.id);
  }

  find(filter: ProductFilter, viewer: Viewer, parts: ProductParts): Promise<ProductRow[]> {
    return this.sql<ProductRow>(
      `WITH v AS (
         SELECT p.*, ${SELECTABLE_SQL} AS selectable, ${ENTERABLE_SQL} AS enterable, ${CAN_EDIT_SQL} AS can_edit
         FROM {s}.products p
         WHERE ($3::integer[] IS NULL AND $4::text[] IS NULL) OR p.id = ANY($3::integer[]) OR lower(p.name) = ANY($4::text[]))
       SELECT v.id, v.name, v.description, v.is_active, v.default_milestone, v.allows_unconfirmed, cl.name AS classification,
         v.selectable, v.enterable, v.can_edit,
         CASE WHEN $6 THEN (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description,
             'default_assignee_id', c.default_assignee_id, 'default_qa_contact_id', c.default_qa_contact_id,
             'default_cc_ids', c.default_cc_ids, 'is_active', c.is_active) ORDER BY lower(c.name), c.id), '[]')
           FROM {s}.components c WHERE c.product_id = v.id) END AS components,
         CASE WHEN $7 THEN (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'sort_key', 0, 'is_active', x.is_active)
             ORDER BY x.id), '[]')
           FROM {s}.versions x WHERE x.product_id = v.id) END AS versions,
         CASE WHEN $8 THEN (SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', m.name, 'sort_key', m.sort_key,
             'is_active', m.is_active) ORDER BY m.sort_key, lower(m.name), m.id), '[]')
           FROM {s}.milestones m WHERE m.product_id = v.id) END AS milestones,
         CASE WHEN $9 THEN (SELECT coalesce(json_agg(json_build_object('group_id', g.group_id, 'entry', g.entry,
             'member_control', g.member_control, 'other_control', g.other_control, 'can_edit', g.can_edit, 'editcomponents', g.editcomponents) ORDER BY g.group_id), '[]')
           FROM {s}.group_controls g WHERE g.product_id = v.id) END AS group_controls
       FROM v JOIN {s}.classifications cl ON cl.id = v.classification_id
       WHERE $5 = 'any' OR ($5 IN ('selectable', 'accessible') AND v.selectable) OR ($5 IN ('enterable', 'accessible') AND v.enterable)
       ORDER BY lower(v.name), v.id`,
      [
        ...viewerParams(viewer),
        filter.ids,
        filter.names?.map((name) => name.trim().toLowerCase()) ?? null,
        filter.visible,
        parts.components,
        parts.versions,
        parts.milestones,
        parts.groupControls,
      ],
    );
  }

  /** A product by id or name (any case), whoever may see it: for administration. */
  async ref(idOrName: number | string): Promise<ProductRef | undefined> {
    const rows = await this.sql<ProductRef>(
      typeof idOrName === 'number'
        ? `SELECT id, name FROM {s}.products WHERE id = $1`
        : `SELECT id, name FROM {s}.products WHERE lower(name) = lower($1)`,
      [idOrName],
    );
    return rows[0];
  }

  /** The name of another product that has `name` regardless of case. */
  async nameInUse(name: string, exceptId: number | null): Promise<string | null> {
    const rows = await this.sql<{ name: string }>(
      `SELECT name FROM {s}.products WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`,
      [name.trim(), exceptId],
    );
    return rows[0]?.name ?? null;
  }

  /** The product a component, version or milestone belongs to. */
  async ownerOf(table: 'components' | 'versions' | 'milestones', id: number): Promise<ProductRef | undefined> {
    const rows = await this.sql<ProductRef>(
      `SELECT p.id, p.name FROM {s}.${table} x JOIN {s}.products p ON p.id = x.product_id WHERE x.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The id of a component, version or milestone by name (any case) in a product. */
  async childId(table: 'components' | 'versions' | 'milestones', productId: number, name: string): Promise<number | undefined> {
    const rows = await this.sql<{ id: number }>(`SELECT id FROM {s}.${table} WHERE product_id = $1 AND lower(name) = lower($2)`, [
      productId,
      name.trim(),
    ]);
    return rows[0]?.id;
  }
}

const NO_PARTS: ProductParts = { components: false, versions: false, milestones: false, groupControls: false };
