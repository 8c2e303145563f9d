import type { EntityManager } from 'typeorm';
import { MAIL_PREFERENCES_STREAM_PREFIX, type MailPreferencesSet } from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';

/** Each user's latest stored mail preferences (`mailprefs-` streams), with the checkpoint. */
export class MailPreferencesProjection implements Projection {
  readonly name = 'mail-preferences';
  readonly streamPrefixes = [MAIL_PREFERENCES_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    for (const recorded of events) {
      const { userId, roles, global } = domainEvent<MailPreferencesSet>(recorded).data;
      await manager.query(
        `INSERT INTO ${s}.mail_preferences (user_id, preferences) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET preferences = EXCLUDED.preferences`,
        [userId, JSON.stringify({ roles, global })],
      );
    }
  }
}
