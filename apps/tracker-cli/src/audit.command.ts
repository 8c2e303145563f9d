import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ClientBase } from 'pg';
import { bugStream } from '@tracker/contracts';
import {
  type AuditedLog,
  ExportedLog,
  PostgresAuditLog,
  auditRecord,
  describeReport,
  toCsv,
  toJsonl,
  verifyLog,
} from '@tracker/platform/event-store';
import { bugAuditStreams } from './bug-streams';

/** Where the command writes: its answer, and what it tells the operator. */
export interface CommandOutput {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export const USAGE = `usage:
  tracker audit verify [--stream <name>]              walk the log (or one stream); exit 1 at the first broken link
  tracker audit verify --file <export.jsonl>          the same offline, on an export, with no database
  tracker audit export --bug <id> --format jsonl|csv  every event of the bug's streams, with its hash chain
  tracker projections status                          each projection's checkpoint, the head of its streams, its lag
  tracker projections rebuild <service>|all           rebuild read models in a shadow schema and swap them in (resumable)
`;

/** A mistake in the command line: told with the usage, exit code 2, nothing read. */
export class UsageError extends Error {}

/**
 * `tracker audit verify|export`, on the event store's own tables (docs/audit.md).
 * Returns the exit code: 0 done (the log intact), 1 a broken link or nothing to export.
 */
export async function runAudit(args: readonly string[], database: () => Promise<ClientBase>, output: CommandOutput): Promise<number> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: { stream: { type: 'string' }, bug: { type: 'string' }, format: { type: 'string' }, file: { type: 'string' } },
    strict: true,
  });
  if (action === 'verify' && values.file !== undefined) {
    if (values.stream !== undefined) throw new UsageError('--file and --stream do not go together');
    return await verify(ExportedLog.parse(await readFile(values.file, 'utf8')), undefined, output);
  }
  if (action === 'verify') return await verify(new PostgresAuditLog(await database()), values.stream, output);
  if (action === 'export') return await exportBug(new PostgresAuditLog(await database()), values.bug, values.format, output);
  throw new UsageError(action ? `unknown audit command '${action}'` : 'no audit command given');
}

async function verify(log: AuditedLog, stream: string | undefined, output: CommandOutput): Promise<number> {
  const report = await verifyLog(log, stream === undefined ? undefined : [stream]);
  output.out(describeReport(report));
  return report.ok ? 0 : 1;
}

async function exportBug(
  log: PostgresAuditLog,
  bug: string | undefined,
  format: string | undefined,
  output: CommandOutput,
): Promise<number> {
  if (!bug || !/^[1-9][0-9]{0,15}$/.test(bug) || !Number.isSafeInteger(Number(bug))) throw new UsageError('--bug needs a bug id');
  if (format !== 'jsonl' && format !== 'csv') throw new UsageError('--format must be jsonl or csv');
  const bugId = Number(bug);
  const bugEvents = await log.read([bugStream(bugId)]);
  if (bugEvents.length === 0) {
    output.err(`audit export: bug ${bugId} has no events\n`);
    return 1;
  }
  const records = (await log.read(bugAuditStreams(bugId, bugEvents))).map(auditRecord);
  output.out(format === 'jsonl' ? toJsonl(records) : toCsv(records));
  return 0;
}
