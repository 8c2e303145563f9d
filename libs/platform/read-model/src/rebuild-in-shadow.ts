import type { Logger } from '@nestjs/common';
import { CommonErrors } from '@tracker/contracts';
import type { EventStore } from '@tracker/platform/event-store';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { analyzeSchema } from './analyze-after-catch-up';
import { migrateSchema } from './migrate-schema';
import type { Projection } from './projection';
import { shadowSchemaOf, swapInShadow } from './schema-swap';
import { type RebuildProgress, ShadowReplay } from './shadow-replay';

export interface ShadowRebuildOptions {
  /** the live read model's data source; its schema is the service's */
  readonly live: DataSource;
  readonly store: EventStore;
  readonly service: string;
  readonly projections: readonly Projection[];
  readonly logger: Logger;
  /** told after every page; by default a log line every few seconds */
  readonly onProgress?: (progress: RebuildProgress) => void;
  /** events per page and transaction (default 1,000; small in tests, to stop between pages) */
  readonly pageSize?: number;
  /** runs `work` (the last events and the swap) while the live projections write nothing */
  readonly whilePaused: (work: () => Promise<void>) => Promise<void>;
}

/**
 * A rebuild with no downtime: the bulk of the log is replayed into `<service>_shadow`
 * while the live read model goes on serving and projecting; then, with the live
 * projections paused (a moment: only what was appended meanwhile is left to apply), the
 * shadow catches up and takes the live schema's place in one transaction. One rebuild of
 * a service at a time (an advisory lock); the shadow is kept when anything fails, so the
 * next rebuild resumes from its checkpoints.
 */
export async function rebuildInShadow(options: ShadowRebuildOptions): Promise<void> {
  await withRebuildLock(options.live, options.service, async () => {
    const shadow = new DataSource({
      ...options.live.options,
      schema: shadowSchemaOf(options.service),
      applicationName: `read-model-${options.service}-rebuild`,
    } as DataSourceOptions);
    await shadow.initialize();
    try {
      await migrateSchema(shadow, options.logger);
      const onProgress = options.onProgress ?? progressLog(options.logger);
      const replay = new ShadowReplay(options.store, shadow, options.service, options.projections, onProgress, options.pageSize);
      await replay.run();
      // the replayed tables have never been sampled: the planner needs their statistics from the swap on (analyze-after-catch-up.ts)
      await analyzeSchema(shadow, shadowSchemaOf(options.service));
      await options.whilePaused(async () => {
        await replay.run();
        await swapInShadow(options.live, options.service);
      });
      options.logger.log(`read model rebuilt in a shadow schema and swapped in`);
    } finally {
      await shadow.destroy();
    }
  });
}

async function withRebuildLock(live: DataSource, service: string, work: () => Promise<void>): Promise<void> {
  const runner = live.createQueryRunner();
  await runner.connect();
  try {
    const [row] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [`rebuild ${service}`])) as Array<{
      locked: boolean;
    }>;
    if (!row?.locked) throw CommonErrors.userError(`A rebuild of the ${service} read model is already under way; nothing was done.`);
    try {
      await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`rebuild ${service}`]);
    }
  } finally {
    await runner.release();
  }
}

/** A progress line in the service's log at most every 2 s. */
function progressLog(logger: Logger): (progress: RebuildProgress) => void {
  let last = 0;
  return (progress) => {
    if (Date.now() - last < 2000) return;
    last = Date.now();
    logger.log(describeProgress(progress));
  };
}

export function describeProgress(p: RebuildProgress): string {
  const eta = p.etaSeconds === undefined ? '?' : `${p.etaSeconds} s`;
  return `rebuild ${p.service}/${p.projection}: position ${p.position} of ${p.head}, ${p.applied} events, ${p.eventsPerSecond} events/s, ETA ${eta}`;
}
