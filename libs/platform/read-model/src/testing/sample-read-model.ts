import type { RecordedEvent } from '@tracker/platform/event-store';
import { Column, Entity, type EntityManager, type MigrationInterface, PrimaryColumn, type QueryRunner } from 'typeorm';
import type { Projection } from '../projection';
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
    const folded = new Map<string, { count: number; lastType: string }>();
    for (const event of events) {
      const current = folded.get(event.streamName) ?? { count: 0, lastType: '' };
      folded.set(event.streamName, { count: current.count + 1, lastType: event.type });
    }
    for (const [streamName, { count, lastType }] of folded) {
      await manager.query(
        `INSERT INTO ${schemaOf(manager.connection)}.stream_stats AS s (stream_name, event_count, last_type)
         VALUES ($1, $2, $3)
         ON CONFLICT (stream_name) DO UPDATE SET event_count = s.event_count + EXCLUDED.event_count, last_type = EXCLUDED.last_type`,
        [streamName, count, lastType],
      );
    }
  }
}
