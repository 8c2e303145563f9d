import type { EntityManager } from 'typeorm';
import { type BugsVisited, LAST_VISIT_STREAM_PREFIX } from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';

/** The latest visit of each user to each bug (`lastvisit-` streams). */
export class LastVisitsProjection implements Projection {
  readonly name = 'bug-last-visits';
  readonly streamPrefixes = [LAST_VISIT_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    for (const recorded of events) {
      const { userId, bugIds, visitedAt } = domainEvent<BugsVisited>(recorded).data;
      await manager.query(
        `INSERT INTO ${s}.bug_last_visits (user_id, bug_id, visited_at) SELECT $1, unnest($2::int[]), $3
         ON CONFLICT (user_id, bug_id) DO UPDATE SET visited_at = EXCLUDED.visited_at`,
        [userId, bugIds, visitedAt],
      );
    }
  }
}
