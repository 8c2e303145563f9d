import { type DomainEvent, STREAM_TYPES, streamType } from '@tracker/contracts';
import { EmbeddedPostgres } from '@tracker/platform/sql';
import { waitUntil } from '@tracker/testing';
import type { EventStore, NewEvent, RecordedEvent } from './event-store.port';
import { EventStreams } from './event-streams';
import { PostgresEventStore } from './postgres-event-store.adapter';
import { UpcastingEventStore } from './upcasting-event-store';

// A stream type whose Renamed event changed shape twice: v1 `{n}`, v2 `{name}`, v3 `{name, by}`.
type NoteEvent = DomainEvent<'Noted', { text: string }> | DomainEvent<'Renamed', { name: string; by: string }>;
const noteStreams = new EventStreams([
  streamType<NoteEvent>('note-', {
    Noted: [],
    Renamed: [(v1) => ({ name: (v1 as { n: string }).n }), (v2) => ({ ...(v2 as { name: string }), by: 'unknown' })],
  }),
]);
const metadata: NewEvent['metadata'] = { actor: 1, occurredAt: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };
const stored = (type: string, schemaVersion: number, data: unknown): NewEvent => ({ type, schemaVersion, data, metadata });
const shapes = (events: readonly RecordedEvent[]): unknown[] => events.map((e) => [e.type, e.schemaVersion, e.data]);
const CURRENT = [
  ['Noted', 1, { text: 'hello' }],
  ['Renamed', 3, { name: 'old', by: 'unknown' }],
  ['Renamed', 3, { name: 'older', by: 'unknown' }],
  ['Renamed', 3, { name: 'new', by: 'ann' }],
];

describe('UpcastingEventStore', () => {
  let embedded: EmbeddedPostgres;
  let raw: EventStore;
  let store: EventStore;
  let counter = 0;
  const streamName = (): string => `note-${++counter}`;

  beforeAll(async () => {
    embedded = await EmbeddedPostgres.start(undefined);
    raw = await PostgresEventStore.create(embedded.connection(), { pollIntervalMs: 50 });
    store = new UpcastingEventStore(raw, noteStreams);
  });
  afterAll(async () => {
    await raw.close();
    await embedded.stop();
  });

  /** A stream as three generations of writers left it. */
  async function legacyStream(): Promise<string> {
    const name = streamName();
    await raw.appendToStream(
      name,
      [
        stored('Noted', 1, { text: 'hello' }),
        stored('Renamed', 2, { name: 'old' }),
        stored('Renamed', 1, { n: 'older' }),
        stored('Renamed', 3, { name: 'new', by: 'ann' }),
      ],
      { expectedRevision: 'no_stream' },
    );
    return name;
  }

  it('hands out every event of a stream read in its current shape', async () => {
    const name = await legacyStream();
    expect(shapes(await store.readStream(name))).toEqual(CURRENT);
    expect(shapes(await store.readStream(name, { direction: 'backwards', maxCount: 1 }))).toEqual([CURRENT[3]]);
  });

  it('does the same for pages of the log and for subscriptions, catching up and live', async () => {
    const before = await raw.lastPosition();
    const name = await legacyStream();
    expect(shapes((await store.readAll({ after: before })).filter((e) => e.streamName === name))).toEqual(CURRENT);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({
      after: before,
      streamPrefixes: [name],
      onEvents: async (events) => void seen.push(...events),
    });
    try {
      await waitUntil(() => seen.length === 4);
      await raw.appendToStream(name, [stored('Renamed', 1, { n: 'live' })], { expectedRevision: 3 });
      await waitUntil(() => seen.length === 5);
      expect(shapes(seen)).toEqual([...CURRENT, ['Renamed', 3, { name: 'live', by: 'unknown' }]]);
    } finally {
      await subscription.stop();
    }
  });

  it('refuses to append an undeclared stream or event type, or an outdated shape, and appends nothing', async () => {
    const name = streamName();
    await expect(store.appendToStream('memo-1', [stored('Noted', 1, { text: 'x' })], { expectedRevision: 'any' })).rejects.toThrow(
      "No stream type is declared for stream 'memo-1'",
    );
    await expect(store.appendToStream(name, [stored('Erased', 1, {})], { expectedRevision: 'any' })).rejects.toThrow(
      'Erased is not an event of note- streams',
    );
    await expect(
      store.appendToStream(name, [stored('Noted', 1, { text: 'x' }), stored('Renamed', 2, { name: 'stale' })], { expectedRevision: 'any' }),
    ).rejects.toThrow('Renamed must be written at schema version 3, not 2');
    expect(await raw.readStream(name)).toEqual([]);
    await store.appendToStream(name, [stored('Renamed', 3, { name: 'fine', by: 'bob' })], { expectedRevision: 'no_stream' });
    expect(shapes(await store.readStream(name))).toEqual([['Renamed', 3, { name: 'fine', by: 'bob' }]]);
  });

  it('refuses to read a shape newer than this process knows, rather than misread it', async () => {
    const name = streamName();
    await raw.appendToStream(name, [stored('Renamed', 4, { name: 'future' })], { expectedRevision: 'no_stream' });
    await expect(store.readStream(name)).rejects.toThrow('Renamed at schema version 4 cannot be read: note- streams know versions 1 to 3');
  });
});

describe('EventStreams', () => {
  it("refuses prefixes that overlap, since a stream's name must name one type", () => {
    expect(() => new EventStreams([streamType('bug-', {}), streamType('bug-x', {})])).toThrow("Stream prefixes 'bug-' and 'bug-x' overlap");
  });

  it("knows every one of Tracker's stream types, each under its own prefix", () => {
    const streams = new EventStreams(STREAM_TYPES);
    expect(STREAM_TYPES.map((type) => type.prefix)).toEqual([
      'user-',
      'group-',
      'apikey-',
      'logintoken-',
      'classification-',
      'product-',
      'keyword-',
      'field-',
      'workflow',
      'catalog-installation',
      'bug-',
      'usertags-',
      'lastvisit-',
      'commenttags-',
      'flagtype-',
      'mailprefs-',
      'watch-',
      'projection-skips-',
    ]);
    expect(streams.typeOf('projection-skips-identity')?.prefix).toBe('projection-skips-');
    expect(streams.typeOf('usertags-7')?.prefix).toBe('usertags-');
    expect(streams.typeOf('user-7')?.prefix).toBe('user-');
    expect(streams.currentVersion('bug-42', 'BugCreated')).toBe(1);
  });
});
