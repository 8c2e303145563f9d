import type { ClientBase } from 'pg';
import type { MessageBus } from '@tracker/platform/messaging';
import { type CommandOutput, UsageError } from './audit.command';
import { describeProjectionStatus, readProjectionStatus } from './projection-status';
import { rebuildProjections } from './projections-rebuild';

/**
 * `tracker projections status|rebuild` (docs/operations.md, "Rebuilding a read model").
 * `status` reads the database only: every projection's checkpoint, the head of its streams
 * and its lag; exit code 0. `rebuild` asks the services over NATS (projections-rebuild.ts).
 */
export async function runProjections(
  args: readonly string[],
  database: () => Promise<ClientBase>,
  output: CommandOutput,
  bus: () => Promise<MessageBus> = () => Promise.reject(new Error('no message bus')),
): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'status') {
    if (rest.length > 0) throw new UsageError(`projections status takes no arguments, got '${rest.join(' ')}'`);
    output.out(describeProjectionStatus(await readProjectionStatus(await database())));
    return 0;
  }
  if (action === 'rebuild') {
    if (rest.length > 1) throw new UsageError(`projections rebuild takes one service or 'all', got '${rest.join(' ')}'`);
    return await rebuildProjections(rest[0], { database, bus, output });
  }
  throw new UsageError(action ? `unknown projections command '${action}'` : 'no projections command given');
}
