import type { CatalogRef } from '@tracker/contracts';
import type { DataSource } from 'typeorm';
import { type Sql, sqlOn } from './sql';
import { SELECTABLE_SQL, type Viewer, viewerParams } from './viewer';

type NamedTable = 'classifications' | 'keywords' | 'statuses';

export interface ClassificationRow {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly sort_key: number;
}

export interface ClassifiedProductRow {
  readonly classification_id: number;
  readonly id: number;
  readonly name: string;
  readonly description: string;
}

/** Lookups by id or name (any case) of the catalog's simply named objects. */
export class NamedQueries {
  private readonly sql: Sql;

  constructor(dataSource: DataSource) {
    this.sql = sqlOn(dataSource);
  }

  async ref(table: NamedTable, idOrName: number | string): Promise<CatalogRef | undefined> {
    const byId = typeof idOrName === 'number';
    const rows = await this.sql<CatalogRef>(`SELECT id, name FROM {s}.${table} WHERE ${byId ? 'id = $1' : 'lower(name) = lower($1)'}`, [
      byId ? idOrName : idOrName.trim(),
    ]);
    return rows[0];
  }

  async nameInUse(table: NamedTable, name: string, exceptId: number | null): Promise<string | null> {
    const rows = await this.sql<{ name: string }>(
      `SELECT name FROM {s}.${table} WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`,
      [name.trim(), exceptId],
    );
    return rows[0]?.name ?? null;
  }

  classifications(ids: readonly number[]): Promise<ClassificationRow[]> {
    return this.sql<ClassificationRow>(
      `SELECT id, name, description, sort_key FROM {s}.classifications WHERE id = ANY($1::integer[]) ORDER BY id`,
      [ids],
    );
  }

  /** Products of the classifications, by name; only those the viewer may see unless `all`. */
  classifiedProducts(classificationIds: readonly number[], viewer: Viewer, all: boolean): Promise<ClassifiedProductRow[]> {
    return this.sql<ClassifiedProductRow>(
      `SELECT p.classification_id, p.id, p.name, p.description FROM {s}.products p
       WHERE p.classification_id = ANY($3::integer[]) AND ($4 OR ${SELECTABLE_SQL})
       ORDER BY lower(p.name), p.id`,
      [...viewerParams(viewer), classificationIds, all],
    );
  }
}
