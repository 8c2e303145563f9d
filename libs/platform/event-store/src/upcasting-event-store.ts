import type {
  AppendOptions,
  AppendResult,
  EventStore,
  LogRead,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store.port';
import { ForwardingEventStore } from './forwarding-event-store';
import type { EventStreams } from './event-streams';

/**
 * The event store as every reader and writer of a process sees it: whatever an adapter
 * hands out (a stream read, a page of the log, a subscription's batch) is upcast to the
 * current shapes before anyone sees it, and an append of an undeclared stream or event
 * type, or of an outdated shape, is refused before it reaches the log.
 */
export class UpcastingEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    private readonly streams: EventStreams,
  ) {
    super(inner);
  }

  override async appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    for (const event of events) this.streams.checkNew(streamName, event);
    return await this.inner.appendToStream(streamName, events, options);
  }

  override async readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamName, options)).map((event) => this.streams.upcast(event));
  }

  override async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map((event) => this.streams.upcast(event));
  }

  override async readAllWithHead(options?: ReadAllOptions): Promise<LogRead> {
    const read = await this.inner.readAllWithHead(options);
    return { events: read.events.map((event) => this.streams.upcast(event)), head: read.head };
  }

  override subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({
      ...options,
      onEvents: (events) => options.onEvents(events.map((event) => this.streams.upcast(event))),
    });
  }
}
