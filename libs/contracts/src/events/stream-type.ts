import type { DomainEvent } from './event-envelope';

/** Brings one event's data from schema version n to n + 1. Pure: it sees only the data. */
export type Upcaster = (data: unknown) => unknown;

/**
 * A kind of stream (`bug-`, `user-`, ...): the prefix of its names and, per event type,
 * the upcasters that bring older shapes of its data to the current one, oldest first.
 * An event type's current schema version is 1 + its number of upcasters; stored events
 * are never rewritten, the event store upcasts them on the way out to every reader.
 * The rule for changing an event is in docs/events.md.
 */
export interface StreamType<Event extends DomainEvent = DomainEvent> {
  readonly prefix: string;
  readonly events: { readonly [Type in Event['type']]: readonly Upcaster[] };
}

/** Declares a stream type; listing every event type of the union is checked by the compiler. */
export function streamType<Event extends DomainEvent>(prefix: string, events: StreamType<Event>['events']): StreamType<Event> {
  return { prefix, events };
}

/** The schema version new events of this type are written at; undefined for a type the stream does not declare. */
export function currentVersion(type: StreamType, eventType: string): number | undefined {
  const upcasters = declaredUpcasters(type, eventType);
  return upcasters === undefined ? undefined : upcasters.length + 1;
}

/**
 * The data of a stored event in its current shape. A version newer than this process
 * knows, or an undeclared type stored at a version above 1, is refused: reading it as
 * something else would be silently wrong.
 */
export function upcastData(type: StreamType, eventType: string, schemaVersion: number, data: unknown): unknown {
  const upcasters = declaredUpcasters(type, eventType) ?? [];
  const current = upcasters.length + 1;
  if (!Number.isInteger(schemaVersion) || schemaVersion < 1 || schemaVersion > current) {
    throw new Error(`${eventType} at schema version ${schemaVersion} cannot be read: ${type.prefix} streams know versions 1 to ${current}`);
  }
  return upcasters.slice(schemaVersion - 1).reduce((shape, upcast) => upcast(shape), data);
}

function declaredUpcasters(type: StreamType, eventType: string): readonly Upcaster[] | undefined {
  const events = type.events as Readonly<Record<string, readonly Upcaster[]>>;
  return Object.hasOwn(events, eventType) ? events[eventType] : undefined;
}
