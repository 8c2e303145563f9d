import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/** Who watches whom (docs/mail.md §11), as the mail-settings projection stored it. */
export class WatchesQueries {
  constructor(private readonly source: DataSource) {}

  /** For each of these users that someone watches: the ids of their watchers, ascending. */
  async watchersOf(watchedIds: readonly number[]): Promise<Map<number, number[]>> {
    if (watchedIds.length === 0) return new Map();
    const rows: Array<{ watched_id: number; watcher_id: number }> = await this.source.query(
      `SELECT watched_id, watcher_id FROM ${schemaOf(this.source)}.watches WHERE watched_id = ANY($1::int[]) ORDER BY watched_id, watcher_id`,
      [watchedIds],
    );
    const watchers = new Map<number, number[]>();
    for (const row of rows) watchers.set(row.watched_id, [...(watchers.get(row.watched_id) ?? []), row.watcher_id]);
    return watchers;
  }

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
