import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import { EmbeddedPostgres } from './embedded-postgres';
import { trackEmbeddedPostgresMemory } from './embedded-postgres-metrics';
import { SQL_CONNECTION, postgresConnection, type SqlConnection } from './sql-connection';

export type SqlConfig =
  | { readonly kind: 'postgres'; readonly url: string; readonly maxPoolSize: number }
  /** dataDir undefined keeps the database in memory (tests) */
  | { readonly kind: 'pglite'; readonly dataDir: string | undefined };

/** The embedded PostgreSQL of this process, or null on a real server (operators' and tests' handle on it). */
export const EMBEDDED_POSTGRES = Symbol('EMBEDDED_POSTGRES');

/** Reports embedded PostgreSQL's memory on /metrics, and stops it in the last shutdown phase, after every pool was closed. */
@Injectable()
class EmbeddedPostgresLifecycle implements OnApplicationShutdown {
  private readonly untrackMemory: (() => void) | undefined;

  constructor(@Inject(EMBEDDED_POSTGRES) private readonly embedded: EmbeddedPostgres | null) {
    this.untrackMemory = embedded ? trackEmbeddedPostgresMemory(() => embedded.memory()) : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    this.untrackMemory?.();
    await this.embedded?.stop();
  }
}

/** Provides the SqlConnection every database user of the process shares. */
@Module({})
export class SqlModule {
  static forRoot(config: SqlConfig): DynamicModule {
    return {
      module: SqlModule,
      global: true,
      providers: [
        {
          provide: EMBEDDED_POSTGRES,
          useFactory: async (): Promise<EmbeddedPostgres | null> => {
            if (config.kind !== 'pglite') return null;
            const started = Date.now();
            const logger = new Logger('SqlModule');
            const embedded = await EmbeddedPostgres.start(config.dataDir, {
              onWorkerDied: (reason, delayMs) => logger.error(`embedded PostgreSQL stopped: ${reason}; starting it again in ${delayMs} ms`),
              onWorkerRestarted: (restarts) => logger.warn(`embedded PostgreSQL started again (restart ${restarts}); its data is intact`),
            });
            logger.log(`embedded PostgreSQL (PGlite) ready in ${Date.now() - started} ms, data in ${config.dataDir ?? 'memory'}`);
            return embedded;
          },
        },
        {
          provide: SQL_CONNECTION,
          inject: [EMBEDDED_POSTGRES],
          useFactory: (embedded: EmbeddedPostgres | null): SqlConnection =>
            embedded
              ? embedded.connection()
              : config.kind === 'postgres'
                ? postgresConnection(config.url, config.maxPoolSize)
                : postgresConnection(''),
        },
        EmbeddedPostgresLifecycle,
      ],
      exports: [SQL_CONNECTION],
    };
  }
}
