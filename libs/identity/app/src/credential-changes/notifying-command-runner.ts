import type { Provider } from '@nestjs/common';
import type { Decider, DomainEvent } from '@tracker/contracts';
import {
  CLOCK,
  type Clock,
  type CommandContext,
  CommandHandler,
  type CommandInput,
  type CommandResult,
  CommandRunner,
  commandProviders,
} from '@tracker/platform/command-handler';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { CredentialChangeNotifier } from './credential-change.notifier';
import { credentialsChangeOf } from './credential-change';

/**
 * Identity's CommandRunner: once a change is visible in the read model, every gateway
 * that may hold credentials it makes stale has dropped them (or its lease ran out)
 * before the handler answers. Identity's handlers all write through `run`, so none can
 * forget it; a stream-spanning `append` + `visible` would have to notify itself.
 */
export class NotifyingCommandRunner extends CommandRunner {
  constructor(
    handler: CommandHandler,
    readModel: ReadModel,
    clock: Clock,
    private readonly notifier: CredentialChangeNotifier,
  ) {
    super(handler, readModel, clock);
  }

  override async run<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: CommandInput<State, Command>,
    context: CommandContext,
  ): Promise<CommandResult<State, Event>> {
    const result = await super.run(decider, stream, command, context);
    const change = credentialsChangeOf(stream, result.events, result.state);
    if (change) await this.notifier.notify(change, context.correlationId);
    return result;
  }
}

/** `commandProviders()` with identity's own CommandRunner. */
export function identityCommandProviders(): Provider[] {
  const others = commandProviders().filter((provider) => !(typeof provider === 'object' && provider.provide === CommandRunner));
  return [
    ...others,
    CredentialChangeNotifier,
    {
      provide: CommandRunner,
      inject: [CommandHandler, READ_MODEL, CLOCK, CredentialChangeNotifier],
      useFactory: (handler: CommandHandler, readModel: ReadModel, clock: Clock, notifier: CredentialChangeNotifier) =>
        new NotifyingCommandRunner(handler, readModel, clock, notifier),
    },
  ];
}
