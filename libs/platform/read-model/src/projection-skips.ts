import { type EventMetadata, type ProjectionEventSkippedData, projectionSkipsStream } from '@tracker/contracts';
import type { EventStore } from '@tracker/platform/event-store';

/**
 * The skip log of a read model (the events are declared in contracts): a rebuild, which
 * replays the log, skips the same events and ends with the same rows. The skipped event
 * stays in its stream: only this read model does without it.
 */
const PROJECTION_EVENT_SKIPPED = 'ProjectionEventSkipped';

export const skipStream = projectionSkipsStream;

export type SkippedEvent = ProjectionEventSkippedData;

/** Ids of the events the projection was told to skip. */
export async function skippedEventIds(store: EventStore, schema: string, projection: string): Promise<Set<string>> {
  const recorded = await store.readStream(skipStream(schema));
  return new Set(
    recorded
      .filter((event) => event.type === PROJECTION_EVENT_SKIPPED && (event.data as SkippedEvent).projection === projection)
      .map((event) => (event.data as SkippedEvent).event_id),
  );
}

export async function recordSkip(store: EventStore, schema: string, skipped: SkippedEvent, metadata: EventMetadata): Promise<void> {
  await store.appendToStream(skipStream(schema), [{ type: PROJECTION_EVENT_SKIPPED, data: skipped, schemaVersion: 1, metadata }], {
    expectedRevision: 'any',
  });
}
