import type { Pool } from 'pg';
import { PromptPool, type SqlConnection } from '@tracker/platform/sql';
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
import { START, WrongExpectedRevisionError } from './event-store.port';
import type { LogPage } from './polling-subscription';
import { AppendsInFlight } from './appends-in-flight';
import { KnownAppends } from './known-appends';
import { appendPayloadOf, COLUMNS, encodeExpected, type EventRow, toRecordedEvent } from './postgres-event-store.rows';
import { PollingSubscription } from './polling-subscription';
import { NotificationListener } from './notification-listener';
import { eventStoreSchemaSql, notificationChannel, quoteIdent } from './postgres-event-store.schema';
import { WakeSignal } from './wake-signal';

/** A row of `append_recorded()`: the outcome, and one appended event per row (all null when refused). */
type AppendedRow = Omit<EventRow, 'stream_name'> & { appended: boolean; stream_revision: string; last_position: string | null };

export interface PostgresEventStoreOptions {
  readonly schema?: string;
  readonly poolSize?: number;
  /** how long a live subscription sleeps when no append was signalled */
  readonly pollIntervalMs?: number;
  /** waits between attempts to get notifications back after the server ended their connection */
  readonly listenerReconnectDelaysMs?: readonly number[];
  /** events per checkpoint of the global log (docs/audit.md); tests only: an installation keeps the default */
  readonly checkpointInterval?: number;
}

/**
 * The event store on PostgreSQL, for a real server and for embedded PGlite alike.
 * Live subscriptions are woken by this process's own appends at once, by other
 * processes' appends through LISTEN/NOTIFY where the server supports it, and otherwise
 * by polling. A subscription passes over this process's appends of streams it does not
 * follow without reading the log (known-appends.ts).
 */
export class PostgresEventStore implements EventStore {
  private readonly signal = new WakeSignal();
  private readonly known = new KnownAppends();
  private readonly appending = new AppendsInFlight();
  private readonly subscriptions = new Set<Subscription>();
  private listener: NotificationListener | undefined;

  private constructor(
    private readonly pool: Pool,
    private readonly connection: SqlConnection,
    private readonly schema: string,
    private readonly pollIntervalMs: number,
    private readonly checkpointInterval: number | undefined,
  ) {}

  static async create(connection: SqlConnection, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const schema = options.schema ?? 'eventstore';
    const pool = new PromptPool({
      ...connection.poolConfig,
      max: options.poolSize ?? connection.maxPoolSize,
      application_name: 'event-store',
    });
    // An idle client whose connection the server ends (a restart, a dropped test database,
    // or just after pool.end(), which does not wait for sockets to close) is dropped by the
    // pool, and the next query opens another; unheard, the pool's 'error' would crash the process.
    pool.on('error', (error) => console.warn(`event store: idle connection lost: ${error.message}`));
    const store = new PostgresEventStore(pool, connection, schema, options.pollIntervalMs ?? 1000, options.checkpointInterval);
    await store.ensureSchema();
    if (connection.supportsNotifications) await store.listen(options.listenerReconnectDelaysMs);
    return store;
  }

  async appendToStream(streamName: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const payload = events.map(appendPayloadOf);
    const rows = await this.appending.track(
      this.run<AppendedRow>(
        'append',
        `SELECT appended, stream_revision, last_position, e_position AS position, e_event_id AS event_id, e_revision AS revision,
              e_type AS type, e_schema_version AS schema_version, e_data AS data, e_metadata AS metadata
       FROM ${this.table('append_recorded')}($1, $2, $3::jsonb)`,
        [streamName, encodeExpected(options.expectedRevision), JSON.stringify(payload)],
      ),
    );
    const row = rows[0];
    if (!row) throw new Error('append returned no row');
    const revision = Number(row.stream_revision);
    if (!row.appended || row.last_position === null) {
      throw new WrongExpectedRevisionError(streamName, options.expectedRevision, revision < 0 ? 'no_stream' : revision);
    }
    // the events as stored, for this process's subscriptions to take without reading them back
    this.known.appended(rows.map((appended) => toRecordedEvent({ ...appended, stream_name: streamName })));
    this.signal.notify();
    return { nextExpectedRevision: revision, position: BigInt(row.last_position) };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = await this.run<EventRow>(
      `read-stream-${backwards ? 'backwards' : 'forwards'}`,
      `SELECT ${COLUMNS} FROM ${this.table('events')}
       WHERE stream_name = $1 AND revision ${backwards ? '<=' : '>='} $2
       ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      [streamName, from, options.maxCount ?? null],
    );
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readAllWithHead(options)).events;
  }

  async readAllWithHead({ after = START, maxCount = 1000, streamPrefixes }: ReadAllOptions = {}): Promise<LogRead> {
    const { events, scannedUpTo } = await this.readPage(after, maxCount, streamPrefixes);
    return { events, head: scannedUpTo };
  }

  async lastPosition(streamPrefixes?: readonly string[]): Promise<GlobalPosition> {
    const rows = await this.run<{ position: string }>(
      'last-position',
      `SELECT position FROM ${this.table('events')}
       WHERE $1::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($1::text[]) AS p(prefix) WHERE starts_with(stream_name, p.prefix))
       ORDER BY position DESC LIMIT 1`,
      [streamPrefixes ? [...streamPrefixes] : null],
    );
    return BigInt(rows[0]?.position ?? '0');
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const polling = new PollingSubscription(
      (after, maxCount, prefixes) => this.readPage(after, maxCount, prefixes),
      this.signal,
      options,
      this.pollIntervalMs,
      this.known,
    );
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await polling.stop();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
    await this.pool.end();
  }

  /** One statement reads the page and the head of the log from the same snapshot. */
  private async readPage(after: GlobalPosition, maxCount: number, streamPrefixes: readonly string[] | undefined): Promise<LogPage> {
    const rows = await this.run<Partial<EventRow> & { head: string }>(
      'read-page',
      `WITH head AS (SELECT coalesce(max(position), 0) AS head FROM ${this.table('events')})
       SELECT head.head, e.* FROM head LEFT JOIN LATERAL (
         SELECT ${COLUMNS} FROM ${this.table('events')}
         WHERE position > $1 AND position <= head.head
           AND ($3::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS p(prefix) WHERE starts_with(stream_name, p.prefix)))
         ORDER BY position LIMIT $2
       ) e ON true`,
      [after.toString(), maxCount, streamPrefixes ? [...streamPrefixes] : null],
    );
    const head = BigInt(rows[0]?.head ?? '0');
    const events = rows.filter((row): row is EventRow & { head: string } => row.position != null).map(toRecordedEvent);
    return { events, scannedUpTo: head };
  }

  /**
   * A statement of the store's own, whose text never changes: on a PostgreSQL server a named
   * prepared statement, parsed and planned once per pooled connection rather than on every
   * append and read (the read-model side's `preparedQuery` says more); on embedded PGlite,
   * whose pools share one session, an ordinary one.
   */
  private async run<Row extends object>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    const query = this.connection.kind === 'postgres' ? { name: `eventstore-${name}`, text, values } : { text, values };
    return (await this.pool.query<Row>(query)).rows;
  }

  private table(name: string): string {
    return `${quoteIdent(this.schema)}.${quoteIdent(name)}`;
  }

  /** Creates the schema once, even when several processes start together. */
  private async ensureSchema(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`${this.schema}.schema`]);
      try {
        await client.query(eventStoreSchemaSql(this.schema, this.checkpointInterval));
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`${this.schema}.schema`]);
      }
    } finally {
      client.release();
    }
  }

  /** Whether other processes' appends wake subscriptions at once (false while the listener reconnects: they poll). */
  get notificationsConnected(): boolean {
    return this.listener?.connected ?? false;
  }

  /**
   * A NOTIFY arrived (with the append's last position), or the listener lost its connection
   * (undefined: something may have been missed). Our own appends' notifications, known once
   * the appends under way have answered (appends-in-flight.ts), wake nobody.
   */
  private announced(position: GlobalPosition | undefined): void {
    if (position === undefined) {
      this.known.missedSome();
      this.signal.notify();
      return;
    }
    this.appending.afterThoseUnderWay(() => {
      if (position <= this.known.announced) return;
      this.known.announce(position);
      this.signal.notify();
    });
  }

  /** Other processes' appends wake our subscriptions through NOTIFY; the listener reconnects on loss. */
  private async listen(reconnectDelaysMs: readonly number[] | undefined): Promise<void> {
    const listener = new NotificationListener({
      clientConfig: this.connection.poolConfig,
      channel: notificationChannel(this.schema),
      onWake: (position) => this.announced(position),
      reconnectDelaysMs,
    });
    await listener.start();
    this.listener = listener;
  }
}
