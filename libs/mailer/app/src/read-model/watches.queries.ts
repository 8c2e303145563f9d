import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/** One user's watch list (docs/mail.md §11), as the mail-settings projection stored it; the dispatcher reads watchers with the preferences (mail-settings.queries.ts). */
export class WatchesQueries {
  constructor(private readonly source: DataSource) {}

  /** One user's list both ways: whom they watch and who watches them, ids ascending. */
  async listOf(userId: number): Promise<{ watchedIds: number[]; watcherIds: number[] }> {
    const rows: Array<{ watcher_id: number; watched_id: number }> = await this.source.query(
      `SELECT watcher_id, watched_id FROM ${schemaOf(this.source)}.watches WHERE watcher_id = $1 OR watched_id = $1
       ORDER BY watcher_id, watched_id`,
      [userId],
    );
    return {
      watchedIds: rows.filter((row) => row.watcher_id === userId).map((row) => row.watched_id),
      watcherIds: rows.filter((row) => row.watched_id === userId).map((row) => row.watcher_id),
    };
  }
}
