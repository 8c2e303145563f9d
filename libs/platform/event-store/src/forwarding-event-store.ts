import type {
  AppendOptions,
  AppendResult,
  EventStore,
  GlobalPosition,
  LogRead,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store.port';

/**
 * A store in front of another that hands every call on as it is, `notificationsConnected`
 * included (the read models' health reads it through every layer). The layers of
 * EventStoreModule (upcasting, tracing, timing) extend it and override only what they change.
 */
export abstract class ForwardingEventStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}

  appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    return this.inner.appendToStream(streamName, events, options);
  }

  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamName, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  readAllWithHead(options?: ReadAllOptions): Promise<LogRead> {
    return this.inner.readAllWithHead(options);
  }

  lastPosition(streamPrefixes?: readonly string[]): Promise<GlobalPosition> {
    return this.inner.lastPosition(streamPrefixes);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll(options);
  }

  get notificationsConnected(): boolean | undefined {
    return this.inner.notificationsConnected;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The stream type of a stream name: `bug` for `bug-42` (metrics' and spans' label). */
export function streamTypeLabel(streamName: string): string {
  return streamName.split('-')[0] ?? streamName;
}
