import type { MailPreferencesSetData } from '@tracker/contracts';
import { type MailPreferences, mailPreferencesOf } from '@tracker/mailer/domain';
import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/** What the dispatcher needs of the users of a batch: who watches them, and everyone's stored preferences. */
export interface MailSettings {
  /** watched id → the ids of their watchers, ascending; a user nobody watches is missing */
  readonly watchersOf: ReadonlyMap<number, readonly number[]>;
  /** of the users and of their watchers; one missing never set any (the defaults apply) */
  readonly preferences: ReadonlyMap<number, MailPreferences>;
}

type Row =
  | { readonly kind: 'watch'; readonly user_id: number; readonly watcher_id: number; readonly preferences: null }
  | { readonly kind: 'preferences'; readonly user_id: number; readonly watcher_id: null; readonly preferences: StoredPreferences };
type StoredPreferences = Pick<MailPreferencesSetData, 'roles' | 'global'>;

/**
 * The mail settings of a batch's users in one statement (docs/mail.md §10-11): the mailer
 * runs beside the services on a busy tracker, and each round trip to PostgreSQL costs it CPU,
 * so watch lists cost the dispatcher no statement of their own.
 */
export class MailSettingsQueries {
  constructor(private readonly source: DataSource) {}

  async forUsers(userIds: readonly number[]): Promise<MailSettings> {
    if (userIds.length === 0) return { watchersOf: new Map(), preferences: new Map() };
    const s = schemaOf(this.source);
    const rows: Row[] = await this.source.query(
      `WITH watching AS (SELECT watched_id, watcher_id FROM ${s}.watches WHERE watched_id = ANY($1::int[]))
       SELECT 'watch' AS kind, watched_id AS user_id, watcher_id, NULL::jsonb AS preferences FROM watching
       UNION ALL
       SELECT 'preferences', user_id, NULL, preferences FROM ${s}.mail_preferences
         WHERE user_id = ANY($1::int[]) OR user_id IN (SELECT watcher_id FROM watching)
       ORDER BY 1, 2, 3`,
      [userIds],
    );
    const watchersOf = new Map<number, number[]>();
    const preferences = new Map<number, MailPreferences>();
    for (const row of rows) {
      if (row.kind === 'watch') watchersOf.set(row.user_id, [...(watchersOf.get(row.user_id) ?? []), row.watcher_id]);
      else preferences.set(row.user_id, mailPreferencesOf(row.preferences));
    }
    return { watchersOf, preferences };
  }
}
