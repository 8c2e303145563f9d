import { eventStoreAppendSeconds } from '@tracker/platform/metrics';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';

/**
 * The store, timing every append (tracker_event_store_append_duration_seconds) by stream
 * type (`bug` for `bug-42`) and outcome: `ok`, `conflict` (a wrong expected revision) or
 * `error`. Everything else is the inner store's.
 */
export class TimedEventStore implements EventStore {
  constructor(private readonly inner: EventStore) {}

  async appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const end = eventStoreAppendSeconds.startTimer({ stream_type: streamName.split('-')[0] ?? streamName });
    try {
      const result = await this.inner.appendToStream(streamName, events, options);
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
      throw error;
    }
  }

  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamName, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  lastPosition(streamPrefixes?: readonly string[]): Promise<GlobalPosition> {
    return this.inner.lastPosition(streamPrefixes);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll(options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
