import { type Decider, DomainError, streamType } from '@tracker/contracts';
import {
  type EventStore,
  EventStreams,
  PostgresEventStore,
  UpcastingEventStore,
  WrongExpectedRevisionError,
} from '@tracker/platform/event-store';
import { EmbeddedPostgres } from '@tracker/platform/sql';
import type { CommandContext } from './command-context';
import { CommandBuilder, type LoadedStream } from './command-builder';
import { CommandHandler } from './command-handler';

type TallyEvent = { type: 'TallyOpened'; data: { name: string } } | { type: 'Added'; data: { amount: number } };
type TallyCommand = { kind: 'open'; name: string } | { kind: 'add'; amount: number };
interface Tally {
  readonly open: boolean;
  readonly total: number;
}

const tally: Decider<Tally, TallyCommand, TallyEvent> = {
  initialState: () => ({ open: false, total: 0 }),
  decide: (command, state) => {
    switch (command.kind) {
      case 'open':
        return state.open ? new DomainError('userError', 'already open') : [{ type: 'TallyOpened', data: { name: command.name } }];
      case 'add':
        if (!state.open) return new DomainError('objectDoesNotExist', 'no such tally');
        return command.amount === 0 ? [] : [{ type: 'Added', data: { amount: command.amount } }];
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'TallyOpened':
        return { ...state, open: true };
      case 'Added':
        return { ...state, total: state.total + event.data.amount };
    }
  },
};

// version 1 of Added called the amount `n`
const streams = new EventStreams([
  streamType<TallyEvent>('tally-', { TallyOpened: [], Added: [(data) => ({ amount: (data as { n: number }).n })] }),
]);

const context: CommandContext = {
  actor: 9,
  occurredAt: new Date('2026-11-22T12:00:00Z'),
  correlationId: 'corr-9',
  causationId: 'cause-9',
};

describe('CommandHandler', () => {
  let embedded: EmbeddedPostgres;
  let raw: EventStore;
  let store: EventStore;
  let handler: CommandHandler;
  let counter = 0;
  const stream = (): string => `tally-${++counter}`;

  beforeAll(async () => {
    embedded = await EmbeddedPostgres.start(undefined);
    raw = await PostgresEventStore.create(embedded.connection());
    store = new UpcastingEventStore(raw, streams);
    handler = new CommandHandler(store, streams);
  });
  afterAll(async () => {
    await store.close();
    await embedded.stop();
  });

  it('appends to a new stream without reading it, and decides again on what exists when it was not new', async () => {
    const fresh = stream();
    const reads = jest.spyOn(store, 'readStream');
    const opened = await handler.handle(tally, fresh, { kind: 'open', name: 'new' }, context, { newStream: true });
    expect([opened.revision, reads.mock.calls.length]).toEqual([0, 0]);
    const again = handler.handle(tally, fresh, { kind: 'open', name: 'again' }, context, { newStream: true });
    await expect(again).rejects.toMatchObject({ code: 32000, message: 'already open' });
    expect(reads.mock.calls.map(([name]) => name)).toEqual([fresh]);
    reads.mockRestore();
    expect((await store.readStream(fresh)).map((e) => e.type)).toEqual(['TallyOpened']);
  });

  it('decides on the folded state and appends with metadata and schema versions', async () => {
    const name = stream();
    await handler.handle(tally, name, { kind: 'open', name: 'beans' }, context);
    const result = await handler.handle(tally, name, { kind: 'add', amount: 3 }, context);
    expect(result.state).toEqual({ open: true, total: 3 });
    expect(result.revision).toBe(1);
    const recorded = await store.readStream(name);
    expect(recorded.map((e) => [e.type, e.schemaVersion, e.data])).toEqual([
      ['TallyOpened', 1, { name: 'beans' }],
      ['Added', 2, { amount: 3 }],
    ]);
    expect(recorded[1]?.metadata).toEqual({
      actor: 9,
      occurredAt: '2026-11-22T12:00:00.000Z',
      correlationId: 'corr-9',
      causationId: 'cause-9',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      previousHash: recorded[0]?.metadata.hash,
    });
    expect(result.position).toBe(recorded[1]?.position);
  });

  it('throws the refusal and appends nothing', async () => {
    const name = stream();
    await expect(handler.handle(tally, name, { kind: 'add', amount: 1 }, context)).rejects.toMatchObject({
      code: 51,
      message: 'no such tally',
    });
    expect(await store.readStream(name)).toEqual([]);
  });

  it('appends nothing when the decision is no events', async () => {
    const name = stream();
    await handler.handle(tally, name, { kind: 'open', name: 'x' }, context);
    const result = await handler.handle(tally, name, { kind: 'add', amount: 0 }, context);
    expect(result).toMatchObject({ events: [], position: null, revision: 0 });
  });

  it('upcasts old event shapes when folding', async () => {
    const name = stream();
    await handler.handle(tally, name, { kind: 'open', name: 'old' }, context);
    await raw.appendToStream(
      name,
      [
        {
          type: 'Added',
          data: { n: 5 },
          schemaVersion: 1,
          metadata: { actor: null, occurredAt: '2020-01-01T00:00:00.000Z', correlationId: 'c', causationId: 'c' },
        },
      ],
      { expectedRevision: 0 },
    );
    const result = await handler.handle(tally, name, { kind: 'add', amount: 2 }, context);
    expect(result.state.total).toBe(7);
  });

  it('queues commands on the same stream within the process, so many at once all succeed', async () => {
    const name = stream();
    await handler.handle(tally, name, { kind: 'open', name: 'queue' }, context);
    const amounts = Array.from({ length: 20 }, (_, i) => i + 1);
    await Promise.all(amounts.map((amount) => handler.handle(tally, name, { kind: 'add', amount }, context)));
    expect((await handler.load(tally, name)).state.total).toBe(210);
  });

  it('retries a command that lost a race to another process, on fresh state', async () => {
    const name = stream();
    const elsewhere = new CommandHandler(store, streams);
    await handler.handle(tally, name, { kind: 'open', name: 'race' }, context);
    await Promise.all([1, 2, 3].map((amount, i) => (i % 2 ? elsewhere : handler).handle(tally, name, { kind: 'add', amount }, context)));
    expect((await handler.load(tally, name)).state.total).toBe(6);
  });

  it('keeps serving a stream after a command on it failed', async () => {
    const name = stream();
    await expect(handler.handle(tally, name, { kind: 'add', amount: 1 }, context)).rejects.toMatchObject({ code: 51 });
    await handler.handle(tally, name, { kind: 'open', name: 'after' }, context);
    await expect(handler.handle(tally, name, { kind: 'add', amount: 2 }, context)).resolves.toMatchObject({ state: { total: 2 } });
  });

  it('builds a command on the state it is appended on, again after a lost race', async () => {
    const name = stream();
    await handler.handle(tally, name, { kind: 'open', name: 'built' }, context);
    const elsewhere = new CommandHandler(store, streams);
    const seen: number[] = [];
    // doubles the total it sees; another process adds 5 while the first build is out
    const doubling = new CommandBuilder<Tally, TallyCommand>(async ({ state, revision }: LoadedStream<Tally>) => {
      seen.push(revision);
      if (seen.length === 1) await elsewhere.handle(tally, name, { kind: 'add', amount: 5 }, context);
      return { kind: 'add', amount: state.total === 0 ? 1 : state.total };
    });
    const result = await handler.handle(tally, name, doubling, context);
    expect(seen).toEqual([0, 1]);
    expect(result.state.total).toBe(10);
  });

  it('builds once for a check and the append that follows at the same revision, anew after a failed build', async () => {
    const name = stream();
    await handler.handle(tally, name, { kind: 'open', name: 'memo' }, context);
    let builds = 0;
    let fail = true;
    const builder = new CommandBuilder<Tally, TallyCommand>(async () => {
      builds += 1;
      if (fail) throw new Error('flags service unavailable');
      return { kind: 'add', amount: 4 };
    });
    await expect(handler.handle(tally, name, builder, context)).rejects.toThrow('flags service unavailable');
    fail = false;
    const loaded = await handler.load(tally, name);
    expect(await builder.commandFor(loaded)).toEqual({ kind: 'add', amount: 4 });
    const result = await handler.handle(tally, name, builder, context);
    expect(builds).toBe(2);
    expect(result.state.total).toBe(4);
    expect(await store.readStream(name)).toHaveLength(2);
  });

  it('reports a conflict that persists after three retries', async () => {
    let appends = 0;
    const alwaysConflicting: EventStore = {
      ...store,
      readStream: (name, options) => store.readStream(name, options),
      appendToStream: async (name) => {
        appends += 1;
        throw new WrongExpectedRevisionError(name, 'no_stream', 0);
      },
    };
    const failing = new CommandHandler(alwaysConflicting, streams);
    await expect(failing.handle(tally, stream(), { kind: 'open', name: 'x' }, context)).rejects.toMatchObject({ code: 32000 });
    expect(appends).toBe(4);
  });
});
