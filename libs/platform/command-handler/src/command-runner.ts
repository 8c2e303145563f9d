import type { Decider, DomainEvent, ServiceRequest } from '@tracker/contracts';
import { isDomainError } from '@tracker/contracts';
import type { GlobalPosition } from '@tracker/platform/event-store';
import type { ReadModel } from '@tracker/platform/read-model';
import type { Clock } from './clock';
import { type CommandInput, commandFor, type LoadedStream } from './command-builder';
import { type CommandContext, commandContext } from './command-context';
import type { CommandHandler, CommandResult, HandleOptions } from './command-handler';

/**
 * How one service's handlers change things: decide and append through the command
 * handler, then wait until the service's own read model shows it (read-your-writes).
 * Each service module provides its own (`commandProviders()`), bound to its read model;
 * its id sequences and uniqueness locks are separate injectables (IdSequences, KeyedLocks).
 */
export class CommandRunner {
  constructor(
    private readonly handler: CommandHandler,
    private readonly readModel: ReadModel,
    private readonly clock: Clock,
  ) {}

  /** The caller's context; Bugzilla's timestamps have whole seconds, and one request's events share one. */
  context(request: ServiceRequest): CommandContext {
    return commandContext(request, this.now());
  }

  /** For what the service does on its own (installation, bootstrap): no actor. */
  systemContext(correlationId: string): CommandContext {
    return { actor: null, occurredAt: this.now(), correlationId, causationId: correlationId };
  }

  /**
   * Decides and appends, then waits until the read model shows the change. A read model
   * that is not ready (a projection stopped at an event) refuses first: nothing is appended.
   */
  async run<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: CommandInput<State, Command>,
    context: CommandContext,
  ): Promise<CommandResult<State, Event>> {
    this.readModel.assertWritable();
    const result = await this.handler.handle(decider, stream, command, context);
    if (result.position !== null) await this.readModel.waitFor(stream, result.position, context.correlationId);
    return result;
  }

  /**
   * Decides and appends without waiting: for requests that touch several streams and wait
   * once (`visible`). `newStream` skips reading a stream whose id was just drawn.
   */
  append<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: CommandInput<State, Command>,
    context: CommandContext,
    options: HandleOptions = {},
  ): Promise<CommandResult<State, Event>> {
    this.readModel.assertWritable();
    return this.handler.handle(decider, stream, command, context, options);
  }

  /** Waits until the read model shows every append up to `position` of these streams. */
  async visible(streams: ReadonlyArray<{ stream: string; position: GlobalPosition | null }>, correlationId: string): Promise<void> {
    const written = streams.filter((entry): entry is { stream: string; position: GlobalPosition } => entry.position !== null);
    await Promise.all(written.map((entry) => this.readModel.waitFor(entry.stream, entry.position, correlationId)));
  }

  load<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, stream: string): Promise<LoadedStream<State>> {
    return this.handler.load(decider, stream);
  }

  /**
   * Decides without appending: when one request changes several streams, each is checked
   * first, so that a refusal for the last leaves the first unchanged too. Answers the
   * command it decided (a builder's, built on the state it checked).
   */
  async check<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    input: CommandInput<State, Command>,
  ): Promise<Command> {
    const loaded = await this.handler.load(decider, stream);
    const command = await commandFor(input, loaded);
    const decided = decider.decide(command, loaded.state);
    if (isDomainError(decided)) throw decided;
    return command;
  }

  private now(): Date {
    return new Date(Math.floor(this.clock.now().getTime() / 1000) * 1000);
  }
}
