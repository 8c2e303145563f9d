import type { ClassificationEvent, KeywordEvent } from '@tracker/contracts';
import { IdSequence } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { Sql } from './sql';

/** Applies classification streams to the classifications table. */
export async function applyClassificationEvent(sql: Sql, manager: EntityManager, event: ClassificationEvent): Promise<void> {
  switch (event.type) {
    case 'ClassificationCreated': {
      const d = event.data;
      await sql(`INSERT INTO {s}.classifications (id, name, description, sort_key) VALUES ($1, $2, $3, $4)`, [
        d.classificationId,
        d.name,
        d.description,
        d.sortKey,
      ]);
      await IdSequence.advancePast(manager, 'classification_ids', d.classificationId);
      return;
    }
    case 'ClassificationUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.classifications SET name = coalesce($2, name), description = coalesce($3, description), sort_key = coalesce($4, sort_key)
         WHERE id = $1`,
        [event.data.classificationId, c.name?.to ?? null, c.description?.to ?? null, c.sortKey?.to ?? null],
      );
      return;
    }
  }
}

/** Applies keyword streams to the keywords table. */
export async function applyKeywordEvent(sql: Sql, manager: EntityManager, event: KeywordEvent): Promise<void> {
  switch (event.type) {
    case 'KeywordCreated':
      await sql(`INSERT INTO {s}.keywords (id, name, description) VALUES ($1, $2, $3)`, [
        event.data.keywordId,
        event.data.name,
        event.data.description,
      ]);
      await IdSequence.advancePast(manager, 'keyword_ids', event.data.keywordId);
      return;
    case 'KeywordUpdated':
      await sql(`UPDATE {s}.keywords SET name = coalesce($2, name), description = coalesce($3, description) WHERE id = $1`, [
        event.data.keywordId,
        event.data.changes.name?.to ?? null,
        event.data.changes.description?.to ?? null,
      ]);
      return;
  }
}
