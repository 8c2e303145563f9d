import type { DomainEvent, ServiceRequest } from '@tracker/contracts';
import { isDomainError } from '@tracker/contracts';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { IdSequence, KeyedLock, type ReadModel } from '@tracker/platform/read-model';
import type { Clock } from './clock';
import { type CommandContext, commandContext } from './command-context';
import type { CommandHandler, CommandResult } from './command-handler';
import type { Decider } from './decider';

/**
 * How a service's handlers change things: decide and append through the command handler,
 * then wait until the service's own read model shows it (read-your-writes), with the
 * service's id sequences and uniqueness locks at hand. Each service subclasses it once,
 * naming its sequences and lock namespaces, so a typo in either is a type error.
 */
export abstract class ServiceCommands<Sequence extends string, LockNamespace extends string> {
  protected constructor(
    protected readonly handler: CommandHandler,
    readonly readModel: ReadModel,
    protected readonly clock: Clock,
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
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<State, Event>> {
    this.readModel.assertWritable();
    const result = await this.handler.handle(decider, stream, command, context);
    if (result.position !== null) await this.readModel.waitFor(stream, result.position, context.correlationId);
    return result;
  }

  /** Decides and appends without waiting: for requests that touch several streams and wait once (`visible`). */
  append<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<State, Event>> {
    this.readModel.assertWritable();
    return this.handler.handle(decider, stream, command, context);
  }

  /** Waits until the read model shows every append up to `position` of these streams. */
  async visible(streams: ReadonlyArray<{ stream: string; position: GlobalPosition | null }>, correlationId: string): Promise<void> {
    const written = streams.filter((entry): entry is { stream: string; position: GlobalPosition } => entry.position !== null);
    await Promise.all(written.map((entry) => this.readModel.waitFor(entry.stream, entry.position, correlationId)));
  }

  load<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
  ): Promise<{ state: State; revision: number }> {
    return this.handler.load(decider, stream);
  }

  /**
   * Decides without appending: when one request changes several streams, each is checked
   * first, so that a refusal for the last leaves the first unchanged too.
   */
  async check<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, stream: string, command: Command): Promise<void> {
    const { state } = await this.handler.load(decider, stream);
    const decided = decider.decide(command, state);
    if (isDomainError(decided)) throw decided;
  }

  /** Waits until the read model shows the whole log as it is now (a replica starting on a stale read model). */
  catchUp(): Promise<void> {
    return this.readModel.catchUp();
  }

  nextId(sequence: Sequence): Promise<number> {
    return new IdSequence(this.readModel.dataSource, sequence).next();
  }

  /** Serialises work on one key across every replica (uniqueness that spans streams). */
  lock(namespace: LockNamespace): KeyedLock {
    return new KeyedLock(this.readModel.dataSource, namespace);
  }

  private now(): Date {
    return new Date(Math.floor(this.clock.now().getTime() / 1000) * 1000);
  }
}
