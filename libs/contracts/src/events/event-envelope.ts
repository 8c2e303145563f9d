/**
 * A domain event: a past-tense fact with its data. Deciders return these; the event
 * store wraps them in an envelope carrying who, when, why and which shape version.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

export interface EventMetadata {
  /** user id of whoever caused the event; null for the system (bootstrap, migrations) */
  readonly actor: number | null;
  /** ISO-8601 UTC */
  readonly occurredAt: string;
  readonly correlationId: string;
  readonly causationId: string;
  /** set by the event store on append: this event's link in its stream's hash chain (docs/audit.md) */
  readonly hash?: string;
  /** set by the event store on append: the hash of the stream's previous event, or the genesis value */
  readonly previousHash?: string;
}

export interface EventEnvelope<Event extends DomainEvent = DomainEvent> {
  readonly type: Event['type'];
  readonly data: Event['data'];
  /** shape version of `data`; readers upcast older shapes, stored events are never rewritten */
  readonly schemaVersion: number;
  readonly metadata: EventMetadata;
}
