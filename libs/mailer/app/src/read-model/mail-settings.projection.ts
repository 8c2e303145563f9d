import type { EntityManager } from 'typeorm';
import { MAIL_PREFERENCES_STREAM_PREFIX, type MailPreferencesSet, WATCH_LIST_STREAM_PREFIX, type WatchListSet } from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';

/**
 * What each user set about their mail (docs/mail.md §10-11): their latest preferences
 * (`mailprefs-` streams) and whom they watch (`watch-` streams), with the checkpoint. One
 * projection, so one subscription for both.
 */
export class MailSettingsProjection implements Projection {
  readonly name = 'mail-settings';
  readonly streamPrefixes = [MAIL_PREFERENCES_STREAM_PREFIX, WATCH_LIST_STREAM_PREFIX];
  /**
   * Without it the subscription would read the log after every append of every service, a
   * query per bug update on the mailer's CPU (docs/benchmarks.md); a PUT of a setting waits
   * at most this much longer for its read-your-writes.
   */
  readonly batchIntervalMs = 100;

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    for (const recorded of events) {
      const event = domainEvent<MailPreferencesSet | WatchListSet>(recorded);
      switch (event.type) {
        case 'MailPreferencesSet': {
          const { userId, roles, global } = event.data;
          await manager.query(
            `INSERT INTO ${s}.mail_preferences (user_id, preferences) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET preferences = EXCLUDED.preferences`,
            [userId, JSON.stringify({ roles, global })],
          );
          break;
        }
        case 'WatchListSet': {
          const { userId, watchedIds } = event.data;
          await manager.query(`DELETE FROM ${s}.watches WHERE watcher_id = $1`, [userId]);
          await manager.query(`INSERT INTO ${s}.watches (watcher_id, watched_id) SELECT $1, unnest($2::int[])`, [userId, watchedIds]);
          break;
        }
      }
    }
  }
}
