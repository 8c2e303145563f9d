import type { DynamicModule, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Inject, Injectable, Module, Optional } from '@nestjs/common';
import { isServiceName } from '@tracker/contracts';
import { EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { CONNECTION_STATES, type ConnectionStates, SERVICE_READINESS } from '@tracker/platform/messaging';
import { SQL_CONNECTION, type SqlConnection } from '@tracker/platform/sql';
import { ReadModel, type ReadModelOptions } from './read-model';
import { watchReadModelConnections } from './read-model-connections';
import { READ_MODEL } from './read-model.tokens';
import { skipEventController } from './skip-event.controller';

export { READ_MODEL } from './read-model.tokens';

@Injectable()
class ReadModelLifecycle implements OnModuleInit, OnModuleDestroy {
  private unwatch: (() => void) | undefined;

  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CONNECTION) private readonly connection: SqlConnection,
    @Optional() @Inject(CONNECTION_STATES) private readonly connections?: ConnectionStates,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.readModel.start();
    if (this.connections) {
      const { service, dataSource } = this.readModel;
      this.unwatch = watchReadModelConnections(this.connections, service, dataSource, this.store, this.connection);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.unwatch?.();
    await this.readModel.close();
  }
}

/**
 * A service's own read model; import it once in the service's module (never global).
 * It also gives the service's health message its readiness and, for a schema named after
 * the service, the operator's repair message (`<service>.admin.skip_event`).
 */
@Module({})
export class ReadModelModule {
  static forService(options: ReadModelOptions): DynamicModule {
    return {
      module: ReadModelModule,
      controllers: isServiceName(options.schema) ? [skipEventController(options.schema)] : [],
      providers: [
        {
          provide: READ_MODEL,
          inject: [SQL_CONNECTION, EVENT_STORE],
          useFactory: (connection: SqlConnection, store: EventStore) => ReadModel.open(connection, store, options),
        },
        { provide: SERVICE_READINESS, useExisting: READ_MODEL },
        ReadModelLifecycle,
      ],
      exports: [READ_MODEL, SERVICE_READINESS],
    };
  }
}
