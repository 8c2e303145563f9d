import { randomUUID } from 'node:crypto';
import { CommonErrors, type Decider, type DomainEvent, isDomainError } from '@tracker/contracts';
import {
  type EventStore,
  type EventStreams,
  type GlobalPosition,
  WrongExpectedRevisionError,
  domainEvent,
} from '@tracker/platform/event-store';
import { type CommandInput, commandFor, type LoadedStream } from './command-builder';
import { type CommandContext, eventMetadata } from './command-context';

export interface CommandResult<State, Event extends DomainEvent> {
  readonly events: readonly Event[];
  readonly state: State;
  /** position of the last new event; null when the command changed nothing */
  readonly position: GlobalPosition | null;
  /** the stream's revision after the command; -1 for a stream that still does not exist */
  readonly revision: number;
}

const MAX_RETRIES = 3;

export interface HandleOptions {
  /**
   * the stream is new (its id was just drawn from a sequence): decide on the initial state
   * without reading it, and append expecting no stream; should it exist after all, the
   * append fails and the command is decided again on what was read, as after any race
   */
  readonly newStream?: boolean;
}

/**
 * The one way a command is carried out: load the stream, fold it, decide, append with
 * the expected revision. Commands on the same stream queue up within the process, so
 * they never race each other here; a writer in another process can still win the race,
 * and then the command is decided again on fresh state, at most three more times with
 * growing backoff, after which the conflict is reported to the caller.
 */
export class CommandHandler {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly streams: EventStreams,
  ) {}

  handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamName: string,
    command: CommandInput<State, Command>,
    context: CommandContext,
    options: HandleOptions = {},
  ): Promise<CommandResult<State, Event>> {
    const previous = this.queues.get(streamName) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.decideAndAppend(decider, streamName, command, context, options));
    this.queues.set(streamName, run);
    const forget = (): void => {
      if (this.queues.get(streamName) === run) this.queues.delete(streamName);
    };
    run.then(forget, forget);
    return run;
  }

  private async decideAndAppend<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamName: string,
    input: CommandInput<State, Command>,
    context: CommandContext,
    options: HandleOptions,
  ): Promise<CommandResult<State, Event>> {
    for (let attempt = 0; ; attempt++) {
      const loaded: LoadedStream<State> =
        attempt === 0 && options.newStream ? { state: decider.initialState(), revision: -1 } : await this.load(decider, streamName);
      const { state, revision } = loaded;
      const decided = decider.decide(await commandFor(input, loaded), state);
      if (isDomainError(decided)) throw decided;
      if (decided.length === 0) return { events: [], state, position: null, revision };
      try {
        const appended = await this.store.appendToStream(
          streamName,
          decided.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            schemaVersion: this.streams.currentVersion(streamName, event.type),
            metadata: eventMetadata(context),
          })),
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        return {
          events: decided,
          state: decided.reduce(decider.evolve, state),
          position: appended.position,
          revision: appended.nextExpectedRevision,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_RETRIES) {
          throw CommonErrors.userError(`Someone else changed this object at the same moment; nothing was changed. Please try again.`);
        }
        await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 5));
      }
    }
  }

  /** The stream's current state and revision (-1 when it does not exist). */
  async load<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamName: string,
  ): Promise<LoadedStream<State>> {
    const recorded = await this.store.readStream(streamName);
    const state = recorded.map((event) => domainEvent<Event>(event)).reduce(decider.evolve, decider.initialState());
    return { state, revision: recorded.at(-1)?.revision ?? -1 };
  }
}
