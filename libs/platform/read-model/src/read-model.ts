import { Logger } from '@nestjs/common';
import { CommonErrors } from '@tracker/contracts';
import type { EventStore, GlobalPosition } from '@tracker/platform/event-store';
import type { SqlConnection } from '@tracker/platform/sql';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import type { Projection } from './projection';
import { closeLockPool } from './keyed-lock';
import { ProjectionRunner } from './projection-runner';
import { schemaOf } from './schema';

export interface ReadModelOptions {
  /** the service's schema: its tables, migrations and checkpoints live there */
  readonly schema: string;
  // TypeORM's own option types
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: MixedList<Function | string>;
  readonly projections: readonly Projection[];
  readonly poolSize?: number;
  /** how long a command waits for its own events to become visible */
  readonly visibilityTimeoutMs?: number;
}

/**
 * A service's read model: its TypeORM DataSource (schema by migrations, never
 * synchronize), its projections kept up to date from the event store, read-your-writes
 * waits, and a rebuild that drops the whole schema and replays the log.
 */
export class ReadModel {
  private readonly logger: Logger;
  private runners: ProjectionRunner[] = [];

  private constructor(
    readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly options: ReadModelOptions,
  ) {
    this.logger = new Logger(`ReadModel ${options.schema}`);
  }

  static async open(connection: SqlConnection, store: EventStore, options: ReadModelOptions): Promise<ReadModel> {
    const dataSource = new DataSource({
      type: 'postgres',
      ...poolTarget(connection),
      schema: options.schema,
      entities: options.entities,
      migrations: options.migrations,
      migrationsTableName: 'migrations',
      migrationsTransactionMode: 'each',
      synchronize: false,
      applicationName: `read-model-${options.schema}`,
      extra: { max: options.poolSize ?? connection.maxPoolSize },
    });
    await dataSource.initialize();
    const readModel = new ReadModel(dataSource, store, options);
    await readModel.migrate();
    return readModel;
  }

  async start(): Promise<void> {
    this.runners = this.options.projections.map(
      (projection) => new ProjectionRunner(this.store, this.dataSource, this.options.schema, projection),
    );
    await Promise.all(this.runners.map((runner) => runner.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
    this.runners = [];
  }

  async close(): Promise<void> {
    await this.stop();
    await closeLockPool(this.dataSource);
    await this.dataSource.destroy();
  }

  /** Waits until the projections of `streamName` show every event up to `position`. */
  async waitFor(streamName: string, position: GlobalPosition, correlationId: string): Promise<void> {
    const timeoutMs = this.options.visibilityTimeoutMs ?? 10_000;
    const runners = this.runners.filter((runner) => runner.handles(streamName));
    const reached = await Promise.all(runners.map((runner) => runner.waitFor(position, timeoutMs)));
    if (reached.every(Boolean)) return;
    this.logger.error(`[${correlationId}] ${streamName}@${position} not visible after ${timeoutMs} ms`);
    throw CommonErrors.internal(correlationId);
  }

  /** Drops the schema, recreates it by migrations and replays the whole log into it. */
  async rebuild(): Promise<void> {
    await this.stop();
    await this.dataSource.query(`DROP SCHEMA IF EXISTS ${schemaOf(this.dataSource)} CASCADE`);
    await this.migrate();
    await this.start();
  }

  /** Waits until every projection has applied the log as it is now (after a rebuild, in tests). */
  async catchUp(timeoutMs = 60_000): Promise<void> {
    const reached = await Promise.all(
      this.runners.map(async (runner) =>
        runner.waitFor(await this.store.lastPosition(runner.projection.streamPrefixes), timeoutMs),
      ),
    );
    if (!reached.every(Boolean)) throw new Error(`read model ${this.options.schema} did not catch up within ${timeoutMs} ms`);
  }

  /** Creates the schema and runs pending migrations, one process at a time. */
  private async migrate(): Promise<void> {
    const schema = schemaOf(this.dataSource);
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate ${schema}`]);
      try {
        await runner.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        const applied = await this.dataSource.runMigrations({ transaction: 'each' });
        if (applied.length > 0) this.logger.log(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate ${schema}`]);
      }
    } finally {
      await runner.release();
    }
  }
}

function poolTarget(connection: SqlConnection): { url: string } | { host: string; port: number; username: string; database: string } {
  const config = connection.poolConfig;
  if (config.connectionString) return { url: config.connectionString };
  return {
    host: String(config.host),
    port: Number(config.port ?? 5432),
    username: String(config.user ?? 'postgres'),
    database: String(config.database ?? 'postgres'),
  };
}
