import type { DynamicModule, OnModuleDestroy } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import { STREAM_TYPES } from '@tracker/contracts';
import { SQL_CONNECTION, type SqlConnection } from '@tracker/platform/sql';
import { EVENT_STORE, type EventStore } from './event-store.port';
import { EVENT_STREAMS, EventStreams } from './event-streams';
import { PostgresEventStore } from './postgres-event-store.adapter';
import { TimedEventStore } from './timed-event-store';
import { TracedEventStore } from './traced-event-store';
import { UpcastingEventStore } from './upcasting-event-store';

export type EventStoreConfig = { readonly adapter: 'postgres' } | { readonly adapter: 'eventstoredb'; readonly url: string };

@Injectable()
class EventStoreLifecycle implements OnModuleDestroy {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Picks the event-store adapter named by configuration (an unknown name fails at boot)
 * and puts the process's stream types in front of it, so that every reader gets the
 * current event shapes (EVENT_STREAMS: Tracker's STREAM_TYPES), its appends timed (metrics) and traced.
 */
@Module({})
export class EventStoreModule {
  static forRoot(config: EventStoreConfig): DynamicModule {
    return {
      module: EventStoreModule,
      global: true,
      providers: [
        { provide: EVENT_STREAMS, useValue: new EventStreams(STREAM_TYPES) },
        {
          provide: EVENT_STORE,
          inject: [SQL_CONNECTION, EVENT_STREAMS],
          useFactory: async (connection: SqlConnection, streams: EventStreams): Promise<EventStore> =>
            new TimedEventStore(new TracedEventStore(new UpcastingEventStore(await openAdapter(config, connection), streams))),
        },
        EventStoreLifecycle,
      ],
      exports: [EVENT_STORE, EVENT_STREAMS],
    };
  }
}

async function openAdapter(config: EventStoreConfig, connection: SqlConnection): Promise<EventStore> {
  switch (config.adapter) {
    case 'postgres':
      return PostgresEventStore.create(connection);
    case 'eventstoredb': {
      // loaded only when configured: its gRPC client is a few hundred modules no other run needs
      const { EsdbEventStore } = await import('./esdb-event-store.adapter');
      return EsdbEventStore.create(config.url);
    }
    default:
      throw new Error(`Unknown event store adapter: ${(config as { adapter: string }).adapter}`);
  }
}
