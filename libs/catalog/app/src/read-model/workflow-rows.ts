import type { WorkflowEvent } from '@tracker/contracts';
import { IdSequence } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { Sql } from './sql';

/** The new-bug pseudo-status in the transitions table. */
export const NEW_BUG = 0;

/** Applies the workflow stream to statuses, transitions and workflow_settings. */
export async function applyWorkflowEvent(sql: Sql, manager: EntityManager, event: WorkflowEvent): Promise<void> {
  switch (event.type) {
    case 'StatusAdded': {
      const d = event.data;
      await sql(`INSERT INTO {s}.statuses (id, name, is_open, sort_key, is_active) VALUES ($1, $2, $3, $4, $5)`, [
        d.statusId,
        d.name,
        d.isOpen,
        d.sortKey,
        d.isActive,
      ]);
      await IdSequence.advancePast(manager, 'status_ids', d.statusId);
      return;
    }
    case 'StatusUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.statuses SET name = coalesce($2, name), sort_key = coalesce($3, sort_key), is_active = coalesce($4, is_active) WHERE id = $1`,
        [event.data.statusId, c.name?.to ?? null, c.sortKey?.to ?? null, c.isActive?.to ?? null],
      );
      return;
    }
    case 'TransitionSet':
      await sql(
        `INSERT INTO {s}.transitions (from_status_id, to_status_id, comment_required) VALUES ($1, $2, $3)
         ON CONFLICT (from_status_id, to_status_id) DO UPDATE SET comment_required = EXCLUDED.comment_required`,
        [event.data.from?.id ?? NEW_BUG, event.data.to.id, event.data.commentRequired],
      );
      return;
    case 'TransitionRemoved':
      await sql(`DELETE FROM {s}.transitions WHERE from_status_id = $1 AND to_status_id = $2`, [
        event.data.from?.id ?? NEW_BUG,
        event.data.to.id,
      ]);
      return;
    case 'DuplicateStatusSet':
      await sql(
        `INSERT INTO {s}.workflow_settings (id, duplicate_status_id) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET duplicate_status_id = EXCLUDED.duplicate_status_id`,
        [event.data.status.id],
      );
      return;
  }
}
