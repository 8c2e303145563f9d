import type { EventStore } from '@tracker/platform/event-store';
import type { ProjectionLag, ProjectionLagSource } from '@tracker/platform/metrics';
import type { ProjectionRunner } from './projection-runner';

/** Counting stops here: a projection this far behind is plainly behind, and a scrape stays a bounded read. */
export const LAG_COUNT_CAP = 1000;

/**
 * A projection's lag for /metrics: the events of its streams after its checkpoint (read
 * from the store, up to the cap) and the age of the oldest of them by its `occurredAt`.
 */
export function projectionLagSource(
  service: string,
  store: EventStore,
  runner: ProjectionRunner,
  now = () => Date.now(),
): ProjectionLagSource {
  return {
    service,
    projection: runner.projection.name,
    async lag(): Promise<ProjectionLag> {
      const behind = await store.readAll({
        after: runner.checkpoint,
        streamPrefixes: runner.projection.streamPrefixes,
        maxCount: LAG_COUNT_CAP,
      });
      const oldest = behind[0];
      const seconds = oldest ? Math.max(0, (now() - Date.parse(oldest.metadata.occurredAt)) / 1000) : 0;
      return { events: behind.length, seconds };
    },
  };
}
