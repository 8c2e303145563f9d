import { SpanKind, inSpan, isTracing } from '@tracker/platform/tracing';
import type { AppendOptions, AppendResult, NewEvent } from './event-store.port';
import { ForwardingEventStore, streamTypeLabel } from './forwarding-event-store';

/**
 * The store, with a span per append (`append <stream type>`) in the trace of the request
 * that appends: the stream, how many events and their types, the expected revision and,
 * once committed, the position. Its SQL (PostgreSQL adapter) is traced inside it. Reads
 * are traced by their SQL only. Everything else is the inner store's.
 */
export class TracedEventStore extends ForwardingEventStore {
  override appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (!isTracing()) return this.inner.appendToStream(streamName, events, options);
    const attributes = {
      'tracker.stream': streamName,
      'tracker.event_count': events.length,
      'tracker.event_types': [...new Set(events.map((event) => event.type))],
      'tracker.expected_revision': String(options.expectedRevision),
    };
    return inSpan(`append ${streamTypeLabel(streamName)}`, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
      const result = await this.inner.appendToStream(streamName, events, options);
      span.setAttribute('tracker.position', String(result.position));
      return result;
    });
  }
}
