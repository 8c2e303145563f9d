import type { ProductEvent } from '@tracker/contracts';
import { IdSequence } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { Sql } from './sql';

/** Applies a product stream's events to products, components, versions, milestones and group_controls. */
export async function applyProductEvent(sql: Sql, manager: EntityManager, event: ProductEvent): Promise<void> {
  switch (event.type) {
    case 'ProductCreated': {
      const d = event.data;
      await sql(
        `INSERT INTO {s}.products (id, name, description, classification_id, is_active, allows_unconfirmed, default_milestone)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [d.productId, d.name, d.description, d.classification.id, d.isActive, d.allowsUnconfirmed, d.defaultMilestone],
      );
      await IdSequence.advancePast(manager, 'product_ids', d.productId);
      return;
    }
    case 'ProductUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.products SET name = coalesce($2, name), description = coalesce($3, description),
           default_milestone = coalesce($4, default_milestone), is_active = coalesce($5, is_active),
           allows_unconfirmed = coalesce($6, allows_unconfirmed), classification_id = coalesce($7, classification_id)
         WHERE id = $1`,
        [
          event.data.productId,
          c.name?.to ?? null,
          c.description?.to ?? null,
          c.defaultMilestone?.to ?? null,
          c.isActive?.to ?? null,
          c.allowsUnconfirmed?.to ?? null,
          c.classification?.to.id ?? null,
        ],
      );
      return;
    }
    case 'ComponentCreated': {
      const d = event.data;
      await sql(
        `INSERT INTO {s}.components (id, product_id, name, description, default_assignee_id, default_qa_contact_id, default_cc_ids, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [d.componentId, d.productId, d.name, d.description, d.defaultAssigneeId, d.defaultQaContactId, d.defaultCcIds, d.isActive],
      );
      await IdSequence.advancePast(manager, 'component_ids', d.componentId);
      return;
    }
    case 'ComponentUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.components SET name = coalesce($2, name), description = coalesce($3, description),
           default_assignee_id = coalesce($4, default_assignee_id),
           default_qa_contact_id = CASE WHEN $5 THEN $6::integer ELSE default_qa_contact_id END,
           default_cc_ids = coalesce($7, default_cc_ids), is_active = coalesce($8, is_active)
         WHERE id = $1`,
        [
          event.data.componentId,
          c.name?.to ?? null,
          c.description?.to ?? null,
          c.defaultAssigneeId?.to ?? null,
          c.defaultQaContactId !== undefined,
          c.defaultQaContactId?.to ?? null,
          c.defaultCcIds?.to ?? null,
          c.isActive?.to ?? null,
        ],
      );
      return;
    }
    case 'VersionCreated':
      await sql(`INSERT INTO {s}.versions (id, product_id, name, is_active) VALUES ($1, $2, $3, $4)`, [
        event.data.versionId,
        event.data.productId,
        event.data.name,
        event.data.isActive,
      ]);
      await IdSequence.advancePast(manager, 'version_ids', event.data.versionId);
      return;
    case 'VersionUpdated':
      await sql(`UPDATE {s}.versions SET name = coalesce($2, name), is_active = coalesce($3, is_active) WHERE id = $1`, [
        event.data.versionId,
        event.data.changes.name?.to ?? null,
        event.data.changes.isActive?.to ?? null,
      ]);
      return;
    case 'MilestoneCreated':
      await sql(`INSERT INTO {s}.milestones (id, product_id, name, sort_key, is_active) VALUES ($1, $2, $3, $4, $5)`, [
        event.data.milestoneId,
        event.data.productId,
        event.data.name,
        event.data.sortKey,
        event.data.isActive,
      ]);
      await IdSequence.advancePast(manager, 'milestone_ids', event.data.milestoneId);
      return;
    case 'MilestoneUpdated': {
      const c = event.data.changes;
      await sql(
        `UPDATE {s}.milestones SET name = coalesce($2, name), sort_key = coalesce($3, sort_key), is_active = coalesce($4, is_active) WHERE id = $1`,
        [event.data.milestoneId, c.name?.to ?? null, c.sortKey?.to ?? null, c.isActive?.to ?? null],
      );
      // the default milestone is kept by name, as Bugzilla keeps it
      if (c.name) {
        await sql(`UPDATE {s}.products SET default_milestone = $3 WHERE id = $1 AND default_milestone = $2`, [
          event.data.productId,
          c.name.from,
          c.name.to,
        ]);
      }
      return;
    }
    case 'GroupControlChanged': {
      const { productId, groupId, control } = event.data;
      if (!control) {
        await sql(`DELETE FROM {s}.group_controls WHERE product_id = $1 AND group_id = $2`, [productId, groupId]);
        return;
      }
      await sql(
        `INSERT INTO {s}.group_controls (product_id, group_id, entry, member_control, other_control, can_edit, editcomponents)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (product_id, group_id) DO UPDATE SET entry = EXCLUDED.entry, member_control = EXCLUDED.member_control,
           other_control = EXCLUDED.other_control, can_edit = EXCLUDED.can_edit, editcomponents = EXCLUDED.editcomponents`,
        [productId, groupId, control.entry, control.memberControl, control.otherControl, control.canEdit, control.editcomponents],
      );
      return;
    }
  }
}
