import { eventStoreAppendSeconds } from '@tracker/platform/metrics';
import { type AppendOptions, type AppendResult, type NewEvent, WrongExpectedRevisionError } from './event-store.port';
import { ForwardingEventStore, streamTypeLabel } from './forwarding-event-store';

/**
 * The store, timing every append (tracker_event_store_append_duration_seconds) by stream
 * type (`bug` for `bug-42`) and outcome: `ok`, `conflict` (a wrong expected revision) or
 * `error`. Everything else is the inner store's.
 */
export class TimedEventStore extends ForwardingEventStore {
  override async appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const end = eventStoreAppendSeconds.startTimer({ stream_type: streamTypeLabel(streamName) });
    try {
      const result = await this.inner.appendToStream(streamName, events, options);
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
      throw error;
    }
  }
}
