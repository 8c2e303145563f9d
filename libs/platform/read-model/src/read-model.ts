import { allowPreparedStatements } from './prepared-query';
import { Logger } from '@nestjs/common';
import { CommonErrors, type EventMetadata, type ReadinessProblem } from '@tracker/contracts';
import { type EventStore, type GlobalPosition, START } from '@tracker/platform/event-store';
import type { ServiceReadiness } from '@tracker/platform/messaging';
import { trackProjectionLag } from '@tracker/platform/metrics';
import { promptPg, type SqlConnection } from '@tracker/platform/sql';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import type { Projection } from './projection';
import { ANALYZE_AFTER_CATCH_UP_EVENTS, analyzeAfterCatchUp } from './analyze-after-catch-up';
import { closeLockPool } from './keyed-lock';
import { changeNotVisible, notAcceptingChanges, notReady } from './projection-problem';
import { ProjectionHaltedError, ProjectionRunner } from './projection-runner';
import { projectionLagSource } from './projection-lag.source';
import { type SkippedEvent, recordSkip } from './projection-skips';
import { migrateSchema } from './migrate-schema';
import { rebuildInShadow } from './rebuild-in-shadow';
import type { RebuildProgress } from './shadow-replay';

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
  /** how often a stopped projection looks for its repair (default 5 s) */
  readonly repairCheckMs?: number;
  /** events per page of a rebuild (default 1,000) */
  readonly rebuildPageSize?: number;
  /** a catch-up at start that applies at least this many events ANALYZEs the schema when done, and so does every doubling of the events applied since, at least this many apart (default 10,000) */
  readonly analyzeAfterCatchUpEvents?: number;
}

export interface SkipRequest {
  /** the global position of the event, as GET /rest/health shows it */
  readonly position: string;
  readonly reason: string;
  /** needed only when several projections stopped at the same event */
  readonly projection?: string;
}

/**
 * A service's read model: its TypeORM DataSource (schema by migrations, never
 * synchronize), its projections kept up to date from the event store, read-your-writes
 * waits, and a rebuild into a shadow schema swapped in when it is done.
 *
 * It is ready while every projection keeps up. One that stopped at an event it cannot
 * apply makes it not ready: reads are still served from what was applied, but the
 * service's writes are refused before they append anything (`assertWritable`), since
 * their read-your-writes wait could never end and their checks would read stale rows.
 */
export class ReadModel implements ServiceReadiness {
  private readonly logger: Logger;
  private runners: ProjectionRunner[] = [];
  private untrackLag: Array<() => void> = [];

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
      // queries leave at once when a connection is idle (prompt-pool.ts)
      driver: promptPg,
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
    if (connection.kind === 'postgres') allowPreparedStatements(dataSource);
    const readModel = new ReadModel(dataSource, store, options);
    await readModel.migrate();
    return readModel;
  }

  /** The schema, which names the service in messages. */
  get service(): string {
    return this.options.schema;
  }

  async start(): Promise<void> {
    const runnerOptions = this.options.repairCheckMs === undefined ? {} : { repairCheckMs: this.options.repairCheckMs };
    this.runners = this.options.projections.map(
      (projection) => new ProjectionRunner(this.store, this.dataSource, this.options.schema, projection, runnerOptions),
    );
    await Promise.all(this.runners.map((runner) => runner.start()));
    // the end of the catch-up: the log as it is now
    const head = await this.store.lastPosition();
    const minimum = this.options.analyzeAfterCatchUpEvents ?? ANALYZE_AFTER_CATCH_UP_EVENTS;
    void analyzeAfterCatchUp(this.dataSource, this.options.schema, () => this.runners, head, minimum, this.logger);
    // each projection's lag is reported on /metrics while it runs
    this.untrackLag = this.runners.map((runner) => trackProjectionLag(projectionLagSource(this.options.schema, this.store, runner)));
  }

  async stop(): Promise<void> {
    for (const untrack of this.untrackLag.splice(0)) untrack();
    await Promise.all(this.runners.map((runner) => runner.stop()));
    this.runners = [];
  }

  async close(): Promise<void> {
    await this.stop();
    await closeLockPool(this.dataSource);
    await this.dataSource.destroy();
  }

  readiness(): { ready: boolean; problems: readonly ReadinessProblem[] } {
    const problems = this.runners.flatMap((runner) => (runner.problem ? [runner.problem] : []));
    return { ready: problems.length === 0, problems };
  }

  /** Throws the retryable "not accepting changes" error (503) while a projection is stopped; call it before appending. */
  assertWritable(): void {
    const [problem] = this.readiness().problems;
    if (problem) throw notAcceptingChanges(this.service, problem);
  }

  /**
   * Every event of every projection's streams up to this position is applied (the lowest
   * of the projections' positions): what the read model answers now reflects at least that
   * much of the log. START before the projections started.
   */
  appliedUpTo(): GlobalPosition {
    const positions = this.runners.map((runner) => runner.checkpoint);
    return positions.length === 0 ? START : positions.reduce((low, position) => (position < low ? position : low));
  }

  /** Waits until the projections of `streamName` show every event up to `position`. */
  async waitFor(streamName: string, position: GlobalPosition, correlationId: string): Promise<void> {
    const timeoutMs = this.options.visibilityTimeoutMs ?? 10_000;
    const runners = this.runners.filter((runner) => runner.handles(streamName));
    let reached: boolean[];
    try {
      reached = await Promise.all(runners.map((runner) => runner.waitFor(position, timeoutMs)));
    } catch (error) {
      if (error instanceof ProjectionHaltedError) throw changeNotVisible(this.service, error.problem);
      throw error;
    }
    if (reached.every(Boolean)) return;
    this.logger.error(`[${correlationId}] ${streamName}@${position} not visible after ${timeoutMs} ms`);
    throw CommonErrors.internal(correlationId);
  }

  /**
   * Rebuilds the read model from the log with no downtime (docs/operations.md): replays it
   * into a shadow schema while this one serves, then pauses the live projections, lets the
   * shadow take the events appended meanwhile and swaps the two schemas in one transaction.
   * A rebuild killed on the way resumes from the shadow's checkpoints at the next call.
   */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    await rebuildInShadow({
      live: this.dataSource,
      store: this.store,
      service: this.service,
      projections: this.options.projections,
      logger: this.logger,
      ...(onProgress ? { onProgress } : {}),
      ...(this.options.rebuildPageSize ? { pageSize: this.options.rebuildPageSize } : {}),
      whilePaused: async (work) => {
        // the live projections write nothing into a schema being swapped; waits for visibility resume with them
        await Promise.all(this.runners.map((runner) => runner.stop()));
        try {
          await work();
        } finally {
          await Promise.all(this.runners.map((runner) => runner.start()));
        }
      },
    });
  }

  /**
   * Waits until every projection has applied the log as it is now (at start, after a
   * rebuild, in tests). A projection that stops on the way ends the wait at once with the
   * retryable "not ready" error (503), so a start on such a log does not hang.
   */
  async catchUp(timeoutMs = 60_000): Promise<void> {
    let reached: boolean[];
    try {
      reached = await Promise.all(
        this.runners.map(async (runner) => runner.waitFor(await this.store.lastPosition(runner.projection.streamPrefixes), timeoutMs)),
      );
    } catch (error) {
      if (error instanceof ProjectionHaltedError) throw notReady(this.service, error.problem);
      throw error;
    }
    if (!reached.every(Boolean)) throw new Error(`read model ${this.options.schema} did not catch up within ${timeoutMs} ms`);
  }

  /**
   * An operator's repair: the stopped projection passes over the event at `position`
   * (recorded in the log with who, when and why; see projection-skips.ts) and resumes.
   * Only an event a projection is stopped at can be skipped.
   */
  async skip(request: SkipRequest, metadata: EventMetadata): Promise<SkippedEvent> {
    const stopped = this.runners.filter(
      (runner) =>
        runner.problem?.position === request.position &&
        (request.projection === undefined || runner.projection.name === request.projection),
    );
    const [runner, ...others] = stopped;
    if (!runner?.problem) {
      throw CommonErrors.userError(
        `No projection of the ${this.service} service is stopped at event ${request.position}${request.projection ? ` (${request.projection})` : ''}; nothing was skipped.`,
      );
    }
    if (others.length > 0) {
      throw CommonErrors.userError(
        `Several projections of the ${this.service} service are stopped at event ${request.position} (${stopped.map((r) => r.projection.name).join(', ')}): name one in 'projection'.`,
      );
    }
    const skipped: SkippedEvent = { ...runner.problem, reason: request.reason };
    await recordSkip(this.store, this.options.schema, skipped, metadata);
    this.logger.warn(
      `[${metadata.correlationId}] user ${metadata.actor ?? 'system'} skipped event ${skipped.position} (${skipped.event_type} of ${skipped.stream}) in projection ${skipped.projection}: ${skipped.reason}`,
    );
    await runner.checkRepair();
    // answer once it caught up again (or stopped at a later event), so readiness is current
    const end = await this.store.lastPosition(runner.projection.streamPrefixes);
    await runner.waitFor(end, this.options.visibilityTimeoutMs ?? 10_000).catch(() => false);
    return skipped;
  }

  /** Creates the schema and runs pending migrations, one process at a time. */
  private async migrate(): Promise<void> {
    await migrateSchema(this.dataSource, this.logger);
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
