import type { UserEvent } from '@tracker/contracts';
import { IdSequence, schemaOf } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { MembershipUpdates } from './memberships.projection';

/** Applies one `user-<id>` event to `users` (and ends the user's sessions where Bugzilla logs them out). */
export async function applyUserEvent(
  manager: EntityManager,
  userId: number,
  event: UserEvent,
  occurredAt: string,
  memberships: MembershipUpdates,
): Promise<void> {
  const s = schemaOf(manager.connection);
  const set = (assignment: string, ...values: unknown[]): Promise<unknown> =>
    manager.query(`UPDATE ${s}.users SET ${assignment} WHERE id = $1`, [userId, ...values]);
  // Bugzilla logs a user out everywhere when the login, the password or the disabled text changes
  const endSessions = (): Promise<unknown> => manager.query(`DELETE FROM ${s}.login_tokens WHERE user_id = $1`, [userId]);
  switch (event.type) {
    case 'UserCreated':
      await manager.query(`INSERT INTO ${s}.users (id, login, real_name, created_at) VALUES ($1, $2, $3, $4)`, [
        userId,
        event.data.login,
        event.data.realName,
        occurredAt,
      ]);
      await IdSequence.advancePast(manager, 'user_ids', userId);
      memberships.user(userId);
      return;
    case 'UserRealNameChanged':
      await set('real_name = $2', event.data.realName);
      return;
    case 'UserLoginChanged':
      await set('login = $2', event.data.login);
      await endSessions();
      memberships.user(userId);
      return;
    case 'UserPasswordSet':
      await set('password_hash = $2', event.data.passwordHash);
      await endSessions();
      return;
    case 'UserMailPreferenceChanged':
      await set('email_enabled = $2', event.data.emailEnabled);
      return;
    case 'UserLoginDenied':
      await set('disabled_text = $2', event.data.text);
      await endSessions();
      return;
    case 'UserLoginAllowed':
      await set(`disabled_text = ''`);
      await endSessions();
      return;
    case 'UserGroupsChanged':
      await set(`direct_group_ids = ${applyDiff('direct_group_ids')}`, event.data.added, event.data.removed);
      memberships.user(userId);
      return;
    case 'UserBlessGroupsChanged':
      await set(`bless_group_ids = ${applyDiff('bless_group_ids')}`, event.data.added, event.data.removed);
      return;
  }
}

/** SQL for "column without $3, plus $2", sorted and without duplicates. */
function applyDiff(column: string): string {
  return `ARRAY(SELECT DISTINCT x FROM unnest(array_cat(ARRAY(SELECT y FROM unnest(${column}) AS y WHERE y <> ALL($3::int[])), $2::int[])) AS x ORDER BY x)`;
}
