import type { EntityManager } from 'typeorm';
import {
  BUG_STREAM_PREFIX,
  type BugEvent,
  type FlagChange,
  type FlagsChangedData,
  USER_STREAM_PREFIX,
  type UserEvent,
} from '@tracker/contracts';
import { activityEntries } from '@tracker/flags/domain';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type BatchStatement, IdSequence, NOTHING_TO_WRITE, type Projection, schemaOf } from '@tracker/platform/read-model';

/**
 * The flags of the bug streams' FlagsChanged events (current flags, and one activity entry
 * per creation, change and clear) and the users of identity's streams (current login and
 * real name, for reads), in one projection so that they apply in global order. Activity ids
 * continue from the table's highest, inside the batch's transaction: a replay gives the same.
 */
export class FlagsProjection implements Projection {
  readonly name = 'flags';
  readonly streamPrefixes = [BUG_STREAM_PREFIX, USER_STREAM_PREFIX];
  /** the reply of every write waits for it: one WAL flush less (projection.ts) */
  readonly asynchronousCommit = true;

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) {
      const event = domainEvent<BugEvent | UserEvent>(recorded);
      if (event.type === 'FlagsChanged') await applyFlags(manager, event.data, recorded.metadata.occurredAt);
      else if (recorded.streamName.startsWith(USER_STREAM_PREFIX)) await applyUser(manager, event as UserEvent, recorded);
    }
  }

  /** Most bug events carry no flags (a create without any): for a batch of only those, the checkpoint moves alone. */
  batchStatement(events: readonly RecordedEvent[]): BatchStatement | undefined {
    const writes = events.some((event) => event.type === 'FlagsChanged' || event.streamName.startsWith(USER_STREAM_PREFIX));
    return writes ? undefined : NOTHING_TO_WRITE;
  }
}

async function applyFlags(manager: EntityManager, data: FlagsChangedData, occurredAt: string): Promise<void> {
  const s = schemaOf(manager.connection);
  for (const change of data.changes) await applyChange(manager, s, data, change, occurredAt);
  const maxFlagId = Math.max(0, ...data.changes.map((change) => change.flagId));
  if (maxFlagId > 0) await IdSequence.advancePast(manager, 'flag_ids', maxFlagId);
  const entries = activityEntries(data, occurredAt);
  if (entries.length === 0) return;
  const top: Array<{ max: number | string }> = await manager.query(`SELECT COALESCE(MAX(activity_id), 0) AS max FROM ${s}.flag_activity`);
  const max = Number(top[0]?.max ?? 0);
  const rows = entries.map((entry, index) => [
    max + index + 1,
    entry.flagId,
    entry.typeId,
    entry.bugId,
    entry.attachmentId,
    entry.status,
    entry.setter.id,
    entry.requestee?.id ?? null,
    entry.occurredAt,
  ]);
  const placeholders = rows.map((row, r) => `(${row.map((_, c) => `$${r * row.length + c + 1}`).join(', ')})`).join(', ');
  await manager.query(
    `INSERT INTO ${s}.flag_activity
       (activity_id, flag_id, type_id, bug_id, attachment_id, status, setter_id, requestee_id, occurred_at)
     VALUES ${placeholders} ON CONFLICT (activity_id) DO NOTHING`,
    rows.flat(),
  );
}

/**
 * Created: a new row; changed: the row takes the new value (a retarget changes its type);
 * cleared: the row goes. Only a user's request moves `modified_at`: a retarget or a requestee
 * dropped by a type's change keeps it, as Bugzilla's UPDATEs of type_id and requestee_id do.
 */
async function applyChange(manager: EntityManager, s: string, data: FlagsChangedData, change: FlagChange, at: string): Promise<void> {
  const { after } = change;
  if (after === null) {
    await manager.query(`DELETE FROM ${s}.flags WHERE flag_id = $1`, [change.flagId]);
    return;
  }
  await manager.query(
    `INSERT INTO ${s}.flags (flag_id, type_id, bug_id, attachment_id, status, setter_id, setter_login, requestee_id,
                             requestee_login, created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (flag_id) DO UPDATE SET type_id = EXCLUDED.type_id, status = EXCLUDED.status, setter_id = EXCLUDED.setter_id,
       setter_login = EXCLUDED.setter_login, requestee_id = EXCLUDED.requestee_id, requestee_login = EXCLUDED.requestee_login,
       modified_at = CASE WHEN $11::boolean THEN EXCLUDED.modified_at ELSE ${s}.flags.modified_at END`,
    [
      change.flagId,
      after.type.id,
      data.bugId,
      data.attachmentId,
      after.status,
      after.setter.id,
      after.setter.login,
      after.requestee?.id ?? null,
      after.requestee?.login ?? null,
      at,
      change.reason === 'request',
    ],
  );
}

async function applyUser(manager: EntityManager, event: UserEvent, recorded: RecordedEvent): Promise<void> {
  const s = schemaOf(manager.connection);
  const userId = Number(recorded.streamName.slice(USER_STREAM_PREFIX.length));
  switch (event.type) {
    case 'UserCreated':
      await manager.query(
        `INSERT INTO ${s}.flag_users (user_id, login, real_name) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET login = EXCLUDED.login, real_name = EXCLUDED.real_name`,
        [event.data.userId, event.data.login, event.data.realName],
      );
      return;
    case 'UserLoginChanged':
      await manager.query(`UPDATE ${s}.flag_users SET login = $2 WHERE user_id = $1`, [userId, event.data.login]);
      return;
    case 'UserRealNameChanged':
      await manager.query(`UPDATE ${s}.flag_users SET real_name = $2 WHERE user_id = $1`, [userId, event.data.realName]);
      return;
    // nothing a flag shows
    case 'UserBlessGroupsChanged':
    case 'UserGroupsChanged':
    case 'UserLoginAllowed':
    case 'UserLoginDenied':
    case 'UserMailPreferenceChanged':
    case 'UserPasswordSet':
      return;
  }
}
