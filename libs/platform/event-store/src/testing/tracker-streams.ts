import { STREAM_TYPES } from '@tracker/contracts';
import type { EventStore } from '../event-store.port';
import { EventStreams } from '../event-streams';
import { UpcastingEventStore } from '../upcasting-event-store';

/** Tracker's stream types, as EventStoreModule gives them to every process. */
export const TRACKER_STREAMS = new EventStreams(STREAM_TYPES);

/** An adapter as a service process sees it: reads upcast, appends checked (what EventStoreModule provides). */
export function asServiceEventStore(adapter: EventStore): EventStore {
  return new UpcastingEventStore(adapter, TRACKER_STREAMS);
}
