import {
  bugStream,
  RECONCILE_BUG_FLAGS_SUBJECT,
  type ReconcileBugFlagsParams,
  type ReconcileBugFlagsResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { bugDecider, type BugState, type ReconcileFlags, reconcileRequest } from '@tracker/bugs/domain';
import { CommandBuilder, CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { FlagsClient } from '../collaborators/flags.client';

/**
 * bugs.flags.reconcile (flags -> bugs, docs/flags.md §2.5): the flags service's reconciler asks,
 * per bug holding flags of a narrowed type, that the bug's flags be brought in line. The
 * command is built on the stream as loaded (a lost race asks flags again on the fresh state),
 * appended through the bug's own stream, and the reply waits until the bugs and flags read
 * models show it, so the reconciler may mark the type reconciled once every bug answered.
 */
@MessageHandler(RECONCILE_BUG_FLAGS_SUBJECT)
export class ReconcileBugFlagsHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly flags: FlagsClient,
  ) {}

  async handle(request: ServiceRequest<ReconcileBugFlagsParams>): Promise<ReconcileBugFlagsResult> {
    const { bugId } = request.params;
    const stream = bugStream(bugId);
    const builder = new CommandBuilder<BugState, ReconcileFlags>(async ({ state }) => {
      if (!state.exists || state.flags.length === 0) return { kind: 'ReconcileFlags', flags: undefined };
      const [outcome] = await this.flags.decide(request, [reconcileRequest(state)]);
      return { kind: 'ReconcileFlags', flags: outcome };
    });
    const result = await this.commands.run(bugDecider, stream, builder, this.commands.context(request));
    if (result.position === null) return { bugId, changed: false };
    await this.flags.sync(request, stream, result.position);
    return { bugId, changed: true };
  }
}
