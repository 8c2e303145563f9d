import { currentVersion, type StreamType, upcastData } from '@tracker/contracts';
import type { NewEvent, RecordedEvent } from './event-store.port';

/**
 * The stream types one process reads and writes (all of Tracker's, see STREAM_TYPES),
 * found by the prefix of a stream's name. It knows the version each event type is
 * written at and upcasts what older writers stored; the event store applies it to
 * every event that leaves it and checks every event that enters it.
 */
export class EventStreams {
  private readonly types: readonly StreamType[];

  constructor(types: readonly StreamType[]) {
    for (const type of types) {
      const clash = types.find((other) => other !== type && other.prefix.startsWith(type.prefix));
      if (clash) throw new Error(`Stream prefixes '${type.prefix}' and '${clash.prefix}' overlap: a stream name must name one type`);
    }
    this.types = types;
  }

  typeOf(streamName: string): StreamType | undefined {
    return this.types.find((type) => streamName.startsWith(type.prefix));
  }

  /** The version a new event of this type is written at; throws for a stream or event type nobody declared. */
  currentVersion(streamName: string, eventType: string): number {
    const type = this.typeOf(streamName);
    if (!type) throw new Error(`No stream type is declared for stream '${streamName}' (see STREAM_TYPES)`);
    const version = currentVersion(type, eventType);
    if (version === undefined) throw new Error(`${eventType} is not an event of ${type.prefix} streams`);
    return version;
  }

  /** Refuses what no reader could interpret: an undeclared stream or event type, or a shape other than the current one. */
  checkNew(streamName: string, event: NewEvent): void {
    const version = this.currentVersion(streamName, event.type);
    if (event.schemaVersion !== version) {
      throw new Error(`${event.type} must be written at schema version ${version}, not ${event.schemaVersion}`);
    }
  }

  /** The event with its data in the current shape. Streams of no declared type pass as they are (at version 1 only). */
  upcast(event: RecordedEvent): RecordedEvent {
    const type = this.typeOf(event.streamName);
    if (!type) {
      if (event.schemaVersion !== 1)
        throw new Error(`${event.type} at version ${event.schemaVersion} in undeclared stream ${event.streamName}`);
      return event;
    }
    const current = currentVersion(type, event.type) ?? 1;
    if (event.schemaVersion === current) return event;
    return { ...event, schemaVersion: current, data: upcastData(type, event.type, event.schemaVersion, event.data) };
  }
}

export const EVENT_STREAMS = Symbol('EVENT_STREAMS');
