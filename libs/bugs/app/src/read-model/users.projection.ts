import type { EntityManager } from 'typeorm';
import { USER_STREAM_PREFIX, type UserEvent } from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf, valuesChunks } from '@tracker/platform/read-model';

/**
 * Logins and real names of identity's users (its public `user-` events), so that a read
 * shows the current login and a search matches logins inside one SQL query. A copy that
 * catches up asynchronously and is never used for a permission decision (DESIGN §3).
 * Creations are written in bulk; renames (rare) one statement each.
 */
export class UsersProjection implements Projection {
  readonly name = 'bug-users';
  readonly streamPrefixes = [USER_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    const created = new Map<number, { login: string; realName: string }>();
    const renames: Array<{ id: number; column: 'login' | 'real_name'; value: string }> = [];
    for (const recorded of events) {
      const event = domainEvent<UserEvent>(recorded);
      const id = Number(recorded.streamName.slice(USER_STREAM_PREFIX.length));
      const fresh = created.get(id);
      if (event.type === 'UserCreated') created.set(id, { login: event.data.login, realName: event.data.realName });
      else if (event.type === 'UserLoginChanged' && fresh) fresh.login = event.data.login;
      else if (event.type === 'UserLoginChanged') renames.push({ id, column: 'login', value: event.data.login });
      else if (event.type === 'UserRealNameChanged' && fresh) fresh.realName = event.data.realName;
      else if (event.type === 'UserRealNameChanged') renames.push({ id, column: 'real_name', value: event.data.realName });
    }
    const rows = [...created.entries()].map(([id, user]) => [id, user.login, user.realName]);
    for (const chunk of valuesChunks(rows)) {
      await manager.query(
        `INSERT INTO ${s}.bug_users (id, login, real_name) VALUES ${chunk.placeholders}
         ON CONFLICT (id) DO UPDATE SET login = EXCLUDED.login, real_name = EXCLUDED.real_name`,
        chunk.parameters,
      );
    }
    for (const rename of renames) {
      await manager.query(`UPDATE ${s}.bug_users SET ${rename.column} = $2 WHERE id = $1`, [rename.id, rename.value]);
    }
  }
}
