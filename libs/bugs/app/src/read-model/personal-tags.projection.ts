import type { EntityManager } from 'typeorm';
import { type BugTagsChanged, PERSONAL_TAGS_STREAM_PREFIX } from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';

/** Users' personal tags (`usertags-` streams) as rows, for reads (`tags`) and the `tags` search. */
export class PersonalTagsProjection implements Projection {
  readonly name = 'bug-tags';
  readonly streamPrefixes = [PERSONAL_TAGS_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    for (const recorded of events) {
      const { userId, bugId, added, removed } = domainEvent<BugTagsChanged>(recorded).data;
      if (removed.length > 0) {
        await manager.query(`DELETE FROM ${s}.bug_tags WHERE user_id = $1 AND bug_id = $2 AND tag = ANY($3::text[])`, [
          userId,
          bugId,
          removed,
        ]);
      }
      if (added.length > 0) {
        await manager.query(`INSERT INTO ${s}.bug_tags (user_id, bug_id, tag) SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`, [
          userId,
          bugId,
          added,
        ]);
      }
    }
  }
}
