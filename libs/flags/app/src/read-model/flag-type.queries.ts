import type { FlagTargetType, FlagTypeClusion, NamedRef } from '@tracker/contracts';
import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/**
 * A flag type as its row holds it. Clusions carry ids only (the catalog owns the names; an
 * empty name here), which is all the scope rules look at.
 */
export interface FlagTypeRecord {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly targetType: FlagTargetType;
  readonly sortKey: number;
  readonly isActive: boolean;
  readonly isRequestable: boolean;
  readonly isRequesteeble: boolean;
  readonly isMultiplicable: boolean;
  /** as stored: the addresses joined by ', ' */
  readonly ccList: string;
  readonly grantGroup: NamedRef | null;
  readonly requestGroup: NamedRef | null;
  readonly inclusions: readonly FlagTypeClusion[];
  readonly exclusions: readonly FlagTypeClusion[];
}

interface Row {
  type_id: number;
  name: string;
  description: string;
  target_type: FlagTargetType;
  sort_key: number;
  is_active: boolean;
  is_requestable: boolean;
  is_requesteeble: boolean;
  is_multiplicable: boolean;
  cc_list: string;
  grant_group_id: number | null;
  grant_group_name: string | null;
  request_group_id: number | null;
  request_group_name: string | null;
  clusions: Array<{ kind: 'i' | 'e'; product_id: number; component_id: number }> | string;
}

/** Reads of the flag types, in Bugzilla's order: sort key, then name (byte-wise, so PGlite and any server agree), then id. */
export class FlagTypeQueries {
  constructor(private readonly source: DataSource) {}

  /** Every type, with its clusions (a handful in any installation: the scope rules filter them in memory). */
  async all(): Promise<FlagTypeRecord[]> {
    const s = schemaOf(this.source);
    const rows: Row[] = await this.source.query(
      `SELECT t.*,
              COALESCE((SELECT json_agg(json_build_object('kind', c.kind, 'product_id', c.product_id, 'component_id', c.component_id)
                                 ORDER BY c.product_id, c.component_id)
                          FROM ${s}.flag_type_clusions c WHERE c.type_id = t.type_id), '[]') AS clusions
         FROM ${s}.flag_types t
        ORDER BY t.sort_key, t.name COLLATE "C", t.type_id`,
    );
    return rows.map(recordOf);
  }

  /** Types whose last narrowing is not reconciled with every flag yet (docs/flags.md §2.5), by id. */
  async pendingReconcile(): Promise<number[]> {
    const rows: Array<{ type_id: number }> = await this.source.query(
      `SELECT type_id FROM ${schemaOf(this.source)}.flag_types WHERE needs_reconcile ORDER BY type_id`,
    );
    return rows.map((row) => row.type_id);
  }

  /** Ids and names of every type, for finding what an update names. */
  refs(): Promise<Array<{ id: number; name: string }>> {
    return this.source.query(`SELECT type_id AS id, name FROM ${schemaOf(this.source)}.flag_types ORDER BY type_id`);
  }
}

function recordOf(row: Row): FlagTypeRecord {
  const clusions = typeof row.clusions === 'string' ? (JSON.parse(row.clusions) as Exclude<Row['clusions'], string>) : row.clusions;
  const of = (kind: 'i' | 'e'): FlagTypeClusion[] =>
    clusions
      .filter((clusion) => clusion.kind === kind)
      .map((clusion) => ({
        product: clusion.product_id === 0 ? null : { id: clusion.product_id, name: '' },
        component: clusion.component_id === 0 ? null : { id: clusion.component_id, name: '' },
      }));
  const group = (id: number | null, name: string | null): NamedRef | null => (id === null ? null : { id, name: name ?? '' });
  return {
    id: row.type_id,
    name: row.name,
    description: row.description,
    targetType: row.target_type,
    sortKey: row.sort_key,
    isActive: row.is_active,
    isRequestable: row.is_requestable,
    isRequesteeble: row.is_requesteeble,
    isMultiplicable: row.is_multiplicable,
    ccList: row.cc_list,
    grantGroup: group(row.grant_group_id, row.grant_group_name),
    requestGroup: group(row.request_group_id, row.request_group_name),
    inclusions: of('i'),
    exclusions: of('e'),
  };
}
