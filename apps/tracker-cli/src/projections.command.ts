import type { ClientBase } from 'pg';
import { type CommandOutput, UsageError } from './audit.command';
import { describeProjectionStatus, readProjectionStatus } from './projection-status';

/**
 * `tracker projections status`, on the database itself (docs/operations.md, "Rebuilding a
 * read model"): every projection's checkpoint, the head of its streams and its lag.
 * Read only; exit code 0.
 */
export async function runProjections(args: readonly string[], database: () => Promise<ClientBase>, output: CommandOutput): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'status') {
    if (rest.length > 0) throw new UsageError(`projections status takes no arguments, got '${rest.join(' ')}'`);
    output.out(describeProjectionStatus(await readProjectionStatus(await database())));
    return 0;
  }
  throw new UsageError(action ? `unknown projections command '${action}'` : 'no projections command given');
}
