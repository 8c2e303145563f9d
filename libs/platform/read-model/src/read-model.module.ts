import type { DynamicModule, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { SQL_CONNECTION, type SqlConnection } from '@tracker/platform/sql';
import { ReadModel, type ReadModelOptions } from './read-model';

export const READ_MODEL = Symbol('READ_MODEL');

@Injectable()
class ReadModelLifecycle implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  async onModuleInit(): Promise<void> {
    await this.readModel.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.readModel.close();
  }
}

/** A service's own read model; import it once in the service's module (never global). */
@Module({})
export class ReadModelModule {
  static forService(options: ReadModelOptions): DynamicModule {
    return {
      module: ReadModelModule,
      providers: [
        {
          provide: READ_MODEL,
          inject: [SQL_CONNECTION, EVENT_STORE],
          useFactory: (connection: SqlConnection, store: EventStore) => ReadModel.open(connection, store, options),
        },
        ReadModelLifecycle,
      ],
      exports: [READ_MODEL],
    };
  }
}
