import { randomUUID } from 'node:crypto';
import type { ClientBase } from 'pg';
import {
  ANONYMOUS,
  type AuthContext,
  REBUILD_BUGS_SUBJECT,
  REBUILD_CATALOG_SUBJECT,
  REBUILD_COMMENTS_SUBJECT,
  REBUILD_FLAGS_SUBJECT,
  REBUILD_IDENTITY_SUBJECT,
  type ReadModelRebuilt,
} from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import { type CommandOutput, UsageError } from './audit.command';
import { ShadowProgressMeter } from './shadow-progress';

/** Each service's rebuild message, in the order `all` rebuilds them (the owners of users and products first). */
export const REBUILD_SUBJECTS = {
  identity: REBUILD_IDENTITY_SUBJECT,
  catalog: REBUILD_CATALOG_SUBJECT,
  bugs: REBUILD_BUGS_SUBJECT,
  comments: REBUILD_COMMENTS_SUBJECT,
  flags: REBUILD_FLAGS_SUBJECT,
} as const;

type RebuildableService = keyof typeof REBUILD_SUBJECTS;

/**
 * The operator on the bus: the CLI's authority is its access to NATS and the database (as
 * for `audit`), which already lets anyone speak for any user; it acts as an administrator
 * named `tracker-cli` so that the services' logs say who asked.
 */
export const OPERATOR: AuthContext = Object.freeze({
  ...ANONYMOUS,
  userId: 0,
  login: 'tracker-cli',
  permissions: Object.freeze(['admin' as const]),
});

export interface RebuildDependencies {
  readonly database: () => Promise<ClientBase>;
  readonly bus: () => Promise<MessageBus>;
  readonly output: CommandOutput;
  /** how often the progress line is printed (default 1 s) */
  readonly progressEveryMs?: number;
}

/**
 * `tracker projections rebuild <service|all>`: asks each service, over its admin message, to
 * rebuild its read model in a shadow schema and swap it in (the service does the work: it
 * owns the projections and pauses its own live ones for the swap), and meanwhile prints
 * the shadow's progress, read from the database. A rebuild killed on the way (the CLI or
 * the service) resumes from the shadow's checkpoints when the command is run again.
 * Exit 0 when every service answered, 1 at the first that failed (those after it are not asked).
 */
export async function rebuildProjections(target: string | undefined, deps: RebuildDependencies): Promise<number> {
  const services = servicesOf(target);
  const bus = await deps.bus();
  for (const service of services) {
    deps.output.out(`rebuild ${service}: replaying the log into ${service}_shadow while ${service} serves\n`);
    const meter = new ShadowProgressMeter(await deps.database(), service);
    // a progress poll that fails (the database away a moment) only misses its line; the rebuild's answer decides
    const print = (): Promise<void> =>
      meter.line().then(
        (line) => {
          if (line) deps.output.out(`${line}\n`);
        },
        () => undefined,
      );
    const timer = setInterval(() => void print(), deps.progressEveryMs ?? 1000);
    try {
      const done = await bus.request<ReadModelRebuilt>(REBUILD_SUBJECTS[service], {
        auth: OPERATOR,
        correlationId: `tracker-cli-${randomUUID()}`,
        params: {},
      });
      deps.output.out(`rebuild ${service}: swapped in, done in ${(done.milliseconds / 1000).toFixed(1)} s\n`);
    } catch (error) {
      deps.output.err(`rebuild ${service} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      deps.output.err(`nothing was swapped: ${service} serves its read model as before; run the command again to resume\n`);
      return 1;
    } finally {
      clearInterval(timer);
      await meter.settled();
    }
  }
  return 0;
}

function servicesOf(target: string | undefined): readonly RebuildableService[] {
  const all = Object.keys(REBUILD_SUBJECTS) as RebuildableService[];
  if (target === 'all') return all;
  const service = all.find((name) => name === target);
  if (!service)
    throw new UsageError(`projections rebuild needs a service (${all.join(', ')}) or 'all'${target ? `, got '${target}'` : ''}`);
  return [service];
}
