import type { ClientProxy } from '@nestjs/microservices';
import { Client } from 'pg';
import { ClientProxyMessageBus, type MessageBus, PrefixedNatsClient } from '@tracker/platform/messaging';
import { UsageError, USAGE, runAudit } from './audit.command';
import { loadTrackerCliConfig } from './config';
import { runProjections } from './projections.command';

/** The longest a service's rebuild is waited for; a service that dies meanwhile fails the wait at once. */
const REBUILD_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/**
 * The operator CLI (`npm run tracker -- <group> <command> ...`): talks to the event store's
 * PostgreSQL directly (TRACKER_DATABASE_URL), so `audit` and `projections status` work while
 * Tracker is down too; `projections rebuild` asks the running services over NATS.
 * Exit codes: 0 done, 1 the answer is bad news (a broken chain), 2 a mistake in the command line.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [group, ...args] = argv;
  const run = group === 'audit' ? runAudit : group === 'projections' ? runProjections : undefined;
  if (!run) throw new UsageError(group ? `unknown command '${group}'` : 'no command given');
  const config = loadTrackerCliConfig(process.env);
  let client: Client | undefined;
  // connected only when the command needs the database (verifying an export does not), once
  const database = async (): Promise<Client> => {
    if (client) return client;
    client = new Client({ connectionString: config.databaseUrl, application_name: 'tracker-cli' });
    await client.connect();
    return client;
  };
  // and NATS only for the services' admin messages (a rebuild may take long: the services' health says when one died)
  let nats: PrefixedNatsClient | undefined;
  const bus = async (): Promise<MessageBus> => {
    nats = new PrefixedNatsClient({ servers: config.natsUrl }, config.subjectPrefix);
    await nats.connect();
    return new ClientProxyMessageBus(nats as unknown as ClientProxy, REBUILD_TIMEOUT_MS);
  };
  try {
    return await run(args, database, { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }, bus);
  } finally {
    await nats?.close();
    await client?.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage =
      error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    process.stderr.write(usage ? `${error.message}\n${USAGE}` : `tracker: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = usage ? 2 : 1;
  },
);
