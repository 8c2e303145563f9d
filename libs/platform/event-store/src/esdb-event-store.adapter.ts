import { randomUUID } from 'node:crypto';
import type { AllStreamResolvedEvent, Position, ResolvedEvent } from '@eventstore/db-client';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import type { EventMetadata } from '@tracker/contracts';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  LogRead,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store.port';
import { START, WrongExpectedRevisionError } from './event-store.port';
import { GENESIS_HASH, chainedMetadata, contentHash, linkHash } from './audit/event-hash';

type JsonValue = Parameters<typeof jsonEvent>[0]['data'];

/**
 * The event store on EventStoreDB (production). ESDB positions are (commit, prepare)
 * pairs ordered by commit then prepare; they are packed losslessly into one bigint
 * (commit · 2^64 + prepare) so that a position is a single comparable checkpoint.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(private readonly client: EventStoreDBClient) {}

  static create(connectionString: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  /**
   * Chains the events from the stream's last event, read first, and appends with exactly
   * that revision, so nothing can slip in between. When the caller did not name a revision
   * ('any', 'stream_exists'), losing that race to another writer is retried on the new last event.
   */
  async appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const withIds = events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
    for (let attempt = 1; ; attempt++) {
      const [last] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
      const actual = last?.revision ?? -1;
      if (!revisionMatches(options.expectedRevision, actual)) {
        throw new WrongExpectedRevisionError(streamName, options.expectedRevision, actual < 0 ? 'no_stream' : actual);
      }
      try {
        const result = await this.client.appendToStream(streamName, chain(streamName, withIds, last), {
          expectedRevision: actual < 0 ? NO_STREAM : BigInt(actual),
        });
        if (!result.position) throw new Error('EventStoreDB returned no position for an append');
        return { nextExpectedRevision: Number(result.nextExpectedRevision), position: packPosition(result.position) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const actualNow = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : 'no_stream';
        if (typeof options.expectedRevision === 'number' || options.expectedRevision === 'no_stream' || attempt >= MAX_CHAIN_ATTEMPTS) {
          throw new WrongExpectedRevisionError(streamName, options.expectedRevision, actualNow);
        }
      }
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamName, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : ESDB_START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: after === START ? ESDB_START : unpackPosition(after),
    });
    for await (const resolved of read) {
      const event = toRecordedEvent(resolved);
      if (!event || event.position <= after || !matchesPrefixes(event.streamName, options.streamPrefixes)) continue;
      events.push(event);
      if (events.length >= maxCount) break;
    }
    await read.cancel();
    return events;
  }

  /** Two reads side by side (EventStoreDB has no snapshot to share): the head is raised to the last event read. */
  async readAllWithHead(options: ReadAllOptions = {}): Promise<LogRead> {
    const [events, head] = await Promise.all([this.readAll(options), this.lastPosition()]);
    const last = events.at(-1)?.position ?? START;
    return { events, head: last > head ? last : head };
  }

  async lastPosition(streamPrefixes?: readonly string[]): Promise<GlobalPosition> {
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event && matchesPrefixes(event.streamName, streamPrefixes)) return event.position;
      }
      return START;
    } finally {
      await read.cancel();
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const after = options.after ?? START;
    const prefixes = options.streamPrefixes ? [...options.streamPrefixes] : undefined;
    const source = this.client.subscribeToAll({
      fromPosition: after === START ? ESDB_START : unpackPosition(after),
      filter: prefixes ? streamNameFilter({ prefixes }) : excludeSystemEvents(),
    });
    const pump = (async () => {
      try {
        for await (const resolved of source) {
          const event = toRecordedEvent(resolved);
          if (!event || event.position <= after) continue;
          await options.onEvents([event]);
        }
      } catch (error) {
        (options.onError ?? ((e: unknown) => console.error('event store subscription stopped:', e)))(error);
      }
    })();
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await source.unsubscribe();
        await pump;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }
}

const SHIFT = 64n;
const MASK = (1n << SHIFT) - 1n;

export function packPosition(position: Position): GlobalPosition {
  return (position.commit << SHIFT) | position.prepare;
}

export function unpackPosition(position: GlobalPosition): Position {
  return { commit: position >> SHIFT, prepare: position & MASK };
}

/** Appends with 'any' or 'stream_exists' that keep losing the race to other writers give up after this many reads. */
const MAX_CHAIN_ATTEMPTS = 20;

function revisionMatches(expected: ExpectedRevision, actual: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === -1;
    case 'stream_exists':
      return actual >= 0;
    default:
      return actual === expected;
  }
}

/** The events as ESDB stores them, each linked to the one before (the stream's last event first). */
function chain(streamName: string, events: readonly (NewEvent & { readonly id: string })[], last: RecordedEvent | undefined) {
  let previousHash = last?.metadata.hash ?? GENESIS_HASH;
  let revision = last?.revision ?? -1;
  return events.map((event) => {
    revision += 1;
    const hash = linkHash(previousHash, streamName, revision, contentHash(event));
    const metadata = { ...chainedMetadata(event.metadata, previousHash, hash), schemaVersion: event.schemaVersion };
    previousHash = hash;
    return jsonEvent({ id: event.id, type: event.type, data: event.data as JsonValue, metadata });
  });
}

function matchesPrefixes(streamName: string, prefixes: readonly string[] | undefined): boolean {
  return !prefixes || prefixes.some((prefix) => streamName.startsWith(prefix));
}

function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$') || !event.isJson) return undefined;
  const { schemaVersion, ...metadata } = (event.metadata ?? {}) as unknown as EventMetadata & { schemaVersion?: number };
  const position = 'position' in event && event.position ? event.position : undefined;
  return {
    id: event.id,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: position ? packPosition(position) : -1n,
    type: event.type,
    schemaVersion: schemaVersion ?? 1,
    data: event.data,
    metadata,
  };
}
