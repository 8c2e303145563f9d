import type { MailPreferencesSetData } from '@tracker/contracts';
import { type MailPreferences, mailPreferencesOf } from '@tracker/mailer/domain';
import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

type StoredPreferences = Pick<MailPreferencesSetData, 'roles' | 'global'>;

/** The stored mail preferences of users; a user missing from the answer never set any (the defaults apply). */
export class MailPreferencesQueries {
  constructor(private readonly source: DataSource) {}

  async forUsers(userIds: readonly number[]): Promise<Map<number, MailPreferences>> {
    if (userIds.length === 0) return new Map();
    const rows: Array<{ user_id: number; preferences: StoredPreferences }> = await this.source.query(
      `SELECT user_id, preferences FROM ${schemaOf(this.source)}.mail_preferences WHERE user_id = ANY($1::int[])`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.user_id, mailPreferencesOf(row.preferences)]));
  }
}
