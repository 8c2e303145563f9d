import { Client } from 'pg';
import { UsageError, USAGE, runAudit } from './audit.command';
import { loadTrackerCliConfig } from './config';
import { runProjections } from './projections.command';

/**
 * The operator CLI (`npm run tracker -- <group> <command> ...`): talks to the event store's
 * PostgreSQL directly (TRACKER_DATABASE_URL), so it works while Tracker is down too.
 * Exit codes: 0 done, 1 the answer is bad news (a broken chain), 2 a mistake in the command line.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [group, ...args] = argv;
  const run = group === 'audit' ? runAudit : group === 'projections' ? runProjections : undefined;
  if (!run) throw new UsageError(group ? `unknown command '${group}'` : 'no command given');
  let client: Client | undefined;
  // connected only when the command needs the database (verifying an export does not)
  const database = async (): Promise<Client> => {
    client = new Client({ connectionString: loadTrackerCliConfig(process.env).databaseUrl, application_name: 'tracker-cli' });
    await client.connect();
    return client;
  };
  try {
    return await run(args, database, { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) });
  } finally {
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
