import type { GroupEvent } from '@tracker/contracts';
import { IdSequence, schemaOf } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { MembershipUpdates } from './memberships.projection';

/** Applies one `group-<id>` event to `groups`; new groups, names and regexps change everybody's memberships. */
export async function applyGroupEvent(
  manager: EntityManager,
  groupId: number,
  event: GroupEvent,
  memberships: MembershipUpdates,
): Promise<void> {
  const s = schemaOf(manager.connection);
  const set = (assignment: string, ...values: unknown[]): Promise<unknown> =>
    manager.query(`UPDATE ${s}.groups SET ${assignment} WHERE id = $1`, [groupId, ...values]);
  switch (event.type) {
    case 'GroupCreated': {
      const g = event.data;
      await manager.query(
        `INSERT INTO ${s}.groups (id, name, description, is_bug_group, user_regexp, is_active, icon_url, member_group_ids, bless_group_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::int[], $9::int[])`,
        [groupId, g.name, g.description, g.isBugGroup, g.userRegexp, g.isActive, g.iconUrl, g.memberGroupIds, g.blessGroupIds],
      );
      await IdSequence.advancePast(manager, 'group_ids', groupId);
      memberships.all();
      return;
    }
    case 'GroupRenamed':
      await set('name = $2', event.data.name);
      memberships.all();
      return;
    case 'GroupDescriptionChanged':
      await set('description = $2', event.data.description);
      return;
    case 'GroupUserRegexpChanged':
      await set('user_regexp = $2', event.data.userRegexp);
      memberships.all();
      return;
    case 'GroupActivated':
      await set('is_active = true');
      return;
    case 'GroupDeactivated':
      await set('is_active = false');
      return;
    case 'GroupIconChanged':
      await set('icon_url = $2', event.data.iconUrl);
      return;
  }
}
