import type { DomainEvent } from '@tracker/contracts';
import type { RecordedEvent } from './event-store.port';

/**
 * A recorded event as the domain knows it. The event store has upcast its data to the
 * current shape (EventStreams), so naming the stream type's event union is all that is
 * left to do; readers use this rather than casting `recorded.data` themselves.
 */
export function domainEvent<Event extends DomainEvent>(recorded: Pick<RecordedEvent, 'type' | 'data'>): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}
