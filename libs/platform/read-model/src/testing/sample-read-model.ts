import type { RecordedEvent } from '@tracker/platform/event-store';
import { Column, Entity, type EntityManager, type MigrationInterface, PrimaryColumn, type QueryRunner } from 'typeorm';
import { type BatchStatement, type BatchStatementContext, NOTHING_TO_WRITE, type Projection } from '../projection';
import { valuesChunks } from '../sql-values';
import { schemaOf } from '../schema';

/** A tiny read model for the platform's own tests: one row per stream with its event count. */
@Entity({ name: 'stream_stats' })
export class StreamStats {
  @PrimaryColumn('text', { name: 'stream_name' })
  streamName!: string;

  @Column('integer', { name: 'event_count' })
  eventCount!: number;

  @Column('text', { name: 'last_type' })
  lastType!: string;
}

export class CreateStreamStats1763800000001 implements MigrationInterface {
  readonly name = 'CreateStreamStats1763800000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE ${schemaOf(runner)}.stream_stats (stream_name text PRIMARY KEY, event_count integer NOT NULL, last_type text NOT NULL)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ${schemaOf(runner)}.stream_stats`);
  }
}

/** Folds a batch per stream in memory and writes one upsert per stream touched. */
export class StreamStatsProjection implements Projection {
  readonly name = 'stream-stats';

  constructor(readonly streamPrefixes: readonly string[]) {}

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const row of foldPerStream(events)) {
      const [chunk] = valuesChunks([row]);
      if (chunk) await manager.query(upsertSql(schemaOf(manager.connection), chunk.placeholders), chunk.parameters);
    }
  }
}

/** The same rows written by the runner's single statement (`Projection.batchStatement`): one multi-row upsert. */
export class OneStatementStreamStatsProjection extends StreamStatsProjection {
  batchStatement(events: readonly RecordedEvent[], context: BatchStatementContext): BatchStatement | undefined {
    const [chunk, more] = valuesChunks(foldPerStream(events), [], context.taken);
    if (!chunk) return NOTHING_TO_WRITE;
    if (more) return undefined;
    return { ctes: [`w0 AS (${upsertSql(context.schema, chunk.placeholders)})`], selects: [], parameters: chunk.parameters };
  }
}

/** The single statement's projection, committing without waiting for the WAL flush (`Projection.asynchronousCommit`). */
export class AsynchronousStreamStatsProjection extends OneStatementStreamStatsProjection {
  readonly asynchronousCommit = true;
}

/** `[stream, events counted, last type]` per stream of the batch */
function foldPerStream(events: readonly RecordedEvent[]): unknown[][] {
  const folded = new Map<string, { count: number; lastType: string }>();
  for (const event of events) {
    const current = folded.get(event.streamName) ?? { count: 0, lastType: '' };
    folded.set(event.streamName, { count: current.count + 1, lastType: event.type });
  }
  return [...folded].map(([streamName, { count, lastType }]) => [streamName, count, lastType]);
}

function upsertSql(schema: string, values: string): string {
  return `INSERT INTO ${schema}.stream_stats AS s (stream_name, event_count, last_type) VALUES ${values}
          ON CONFLICT (stream_name) DO UPDATE SET event_count = s.event_count + EXCLUDED.event_count, last_type = EXCLUDED.last_type`;
}
