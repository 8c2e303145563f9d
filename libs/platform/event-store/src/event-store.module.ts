import type { DynamicModule, OnModuleDestroy } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import { SQL_CONNECTION, type SqlConnection } from '@tracker/platform/sql';
import { EsdbEventStore } from './esdb-event-store.adapter';
import { EVENT_STORE, type EventStore } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store.adapter';

export type EventStoreConfig =
  | { readonly adapter: 'postgres' }
  | { readonly adapter: 'eventstoredb'; readonly url: string };

@Injectable()
class EventStoreLifecycle implements OnModuleDestroy {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}

/** Picks the event-store adapter named by configuration; an unknown name fails at boot. */
@Module({})
export class EventStoreModule {
  static forRoot(config: EventStoreConfig): DynamicModule {
    return {
      module: EventStoreModule,
      global: true,
      providers: [
        {
          provide: EVENT_STORE,
          inject: [SQL_CONNECTION],
          useFactory: async (connection: SqlConnection): Promise<EventStore> => {
            switch (config.adapter) {
              case 'postgres':
                return PostgresEventStore.create(connection);
              case 'eventstoredb':
                return EsdbEventStore.create(config.url);
              default:
                throw new Error(`Unknown event store adapter: ${(config as { adapter: string }).adapter}`);
            }
          },
        },
        EventStoreLifecycle,
      ],
      exports: [EVENT_STORE],
    };
  }
}
