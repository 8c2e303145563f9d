import type { EventEnvelope } from '@tracker/contracts';

/**
 * The event store: the only truth of Tracker. Streams are append-only with optimistic
 * concurrency; the global log ("all") has a total order whose positions never let a
 * late commit slip in behind a reader, so a position is a safe checkpoint.
 */
export interface EventStore {
  appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** the stream's events; an empty array when the stream does not exist */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** events of the global log strictly after `after`, in global order */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * `readAll`'s events, and the position of the newest event of the whole log when they were
   * read (at least that of the last event answered): one statement where the adapter can read
   * both from one snapshot, so a look for changes that also needs the head costs one round trip
   */
  readAllWithHead(options?: ReadAllOptions): Promise<LogRead>;
  /** position of the newest event (of streams with one of the prefixes); START when there is none */
  lastPosition(streamPrefixes?: readonly string[]): Promise<GlobalPosition>;
  /** catches up from `after`, then delivers new events as they are committed */
  subscribeToAll(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
  /** whether other processes' appends wake subscriptions at once; undefined where the adapter has no such channel */
  readonly notificationsConnected?: boolean;
}

export const EVENT_STORE = Symbol('EVENT_STORE');

/** Position in the global log. 0n is before the first event. */
export type GlobalPosition = bigint;
export const START: GlobalPosition = 0n;

/** Revision of a stream: the 0-based index of its last event. */
export type ExpectedRevision = number | 'any' | 'no_stream' | 'stream_exists';

export interface NewEvent extends EventEnvelope {
  /** unique id of the event; generated when absent */
  readonly id?: string;
}

export interface RecordedEvent extends EventEnvelope {
  readonly id: string;
  readonly streamName: string;
  readonly revision: number;
  readonly position: GlobalPosition;
}

export interface LogRead {
  readonly events: RecordedEvent[];
  readonly head: GlobalPosition;
}

export interface AppendOptions {
  readonly expectedRevision: ExpectedRevision;
}

export interface AppendResult {
  readonly nextExpectedRevision: number;
  /** position of the last appended event: wait for a projection to reach it to read your writes */
  readonly position: GlobalPosition;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** inclusive; default the first (forwards) or last (backwards) event */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** exclusive; default START */
  readonly after?: GlobalPosition;
  readonly maxCount?: number;
  /** only streams whose name starts with one of these (e.g. `bug-`); default all */
  readonly streamPrefixes?: readonly string[];
}

export interface SubscribeOptions extends Omit<ReadAllOptions, 'maxCount'> {
  /** called with events in global order; the next batch waits for the promise */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void>;
  /**
   * called once every event of the subscribed streams up to `position` has been handed to
   * `onEvents` and processed, matching or not: a projection has then applied everything
   * of its streams up to there, although its last own event may be far below (optional;
   * adapters that cannot tell never call it)
   */
  readonly onScanned?: (position: GlobalPosition) => void;
  /** called when the subscription stops because of an error */
  readonly onError?: (error: unknown) => void;
  readonly batchSize?: number;
  /**
   * For a subscriber nobody waits on (the mailer's notifier): once live, the least time from
   * one read of the log to the next, so that appends made meanwhile come as one batch rather
   * than one read and one batch each. Catching up (a full page) reads on at once. Adapters
   * that push events as they come (EventStoreDB) ignore it. Default none.
   */
  readonly batchIntervalMs?: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
