import type { ClientBase } from 'pg';

/** One projection as `tracker projections status` shows it. */
export interface ProjectionStatus {
  /** the read model's schema: the service, or `<service>_shadow` while a rebuild is under way */
  readonly schema: string;
  readonly projection: string;
  /** the global position of the last event applied */
  readonly checkpoint: bigint;
  /** the newest event of the projection's streams in the log */
  readonly head: bigint;
  /** events of its streams after the checkpoint */
  readonly lagEvents: number;
  /** age of the oldest of them by its occurredAt; 0 when none */
  readonly lagSeconds: number;
  /** the streams it reads; null when the projection never ran on a release that records them */
  readonly streamPrefixes: readonly string[] | null;
}

/** Every schema that holds projection checkpoints: the services' read models and their shadows. */
const SCHEMAS_SQL = `SELECT table_schema AS schema FROM information_schema.tables
  WHERE table_name = 'projection_checkpoints' ORDER BY table_schema`;

/** A projection's streams: those starting with one of its prefixes (all streams when unknown). */
const OWN_STREAM = `(c.stream_prefixes IS NULL OR EXISTS (SELECT 1 FROM unnest(c.stream_prefixes) p WHERE starts_with(e.stream_name, p)))`;

const statusSql = (schema: string): string => `
  SELECT c.name, c.position::text AS checkpoint, c.stream_prefixes,
    coalesce((SELECT max(e.position) FROM eventstore.events e WHERE ${OWN_STREAM}), 0)::text AS head,
    behind.events::int AS lag_events,
    coalesce(extract(epoch FROM now() - behind.oldest), 0)::float8 AS lag_seconds
  FROM "${schema}".projection_checkpoints c,
  LATERAL (SELECT count(*) AS events, min((e.metadata->>'occurredAt')::timestamptz) AS oldest
           FROM eventstore.events e WHERE e.position > c.position AND ${OWN_STREAM}) behind
  ORDER BY c.name`;

interface StatusRow {
  readonly name: string;
  readonly checkpoint: string;
  readonly stream_prefixes: string[] | null;
  readonly head: string;
  readonly lag_events: number;
  readonly lag_seconds: number;
}

/**
 * Reads every projection's checkpoint and lag straight from the database (the read models'
 * schemas and the event store's `eventstore.events`), in one read-only transaction so that
 * the figures of all services are of one instant. Changes nothing.
 */
export async function readProjectionStatus(client: ClientBase): Promise<ProjectionStatus[]> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const schemas = (await client.query<{ schema: string }>(SCHEMAS_SQL)).rows.map((row) => row.schema);
    const statuses: ProjectionStatus[] = [];
    for (const schema of schemas) {
      const { rows } = await client.query<StatusRow>(statusSql(schema.replaceAll('"', '""')));
      statuses.push(
        ...rows.map((row) => ({
          schema,
          projection: row.name,
          checkpoint: BigInt(row.checkpoint),
          head: BigInt(row.head),
          lagEvents: row.lag_events,
          lagSeconds: Math.max(0, Math.round(row.lag_seconds)),
          streamPrefixes: row.stream_prefixes,
        })),
      );
    }
    return statuses;
  } finally {
    await client.query('ROLLBACK');
  }
}

/** The status as an aligned table, one projection a line. */
export function describeProjectionStatus(statuses: readonly ProjectionStatus[]): string {
  if (statuses.length === 0) return 'projections status: no read model in this database\n';
  const header = ['service', 'projection', 'checkpoint', 'head', 'lag (events)', 'lag (s)'];
  const lines = statuses.map((s) => [
    s.schema,
    s.projection,
    String(s.checkpoint),
    String(s.head),
    String(s.lagEvents),
    String(s.lagSeconds),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [header, ...lines].map(format).join('\n') + '\n';
}
