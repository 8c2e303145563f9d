import type { DynamicModule, OnModuleDestroy } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import type { ClientProxy, CustomTransportStrategy } from '@nestjs/microservices';
import { timedRequests } from '@tracker/platform/metrics';
import { ClientProxyMessageBus } from './client-proxy-message-bus';
import { InProcessBroker, InProcessClient, InProcessServer } from './in-process.transport';
import { InProcessMessageBus } from './in-process-message-bus';
import { MessageHandlerDirectory } from './message-handler.directory';
import { IN_PROCESS_BROKER } from './messaging.tokens';
import { MESSAGE_BUS, type MessageBus } from './message-bus.port';
import { MESSAGE_ENDPOINTS, type MessageEndpoints } from './message-endpoints';
import { CONNECTION_STATES, ConnectionStates } from './connection-states';
import { PrefixedNatsClient } from './nats-client';
import { natsConnectionOptions } from './nats-connection-options';
import { PrefixedNatsServer } from './nats.transport';
import { ServiceReplyInterceptor } from './service-reply.interceptor';
import { tracedRequests } from './traced-requests';

export type MessagingConfig =
  | { readonly transport: 'nats'; readonly natsUrl: string; readonly subjectPrefix: string; readonly timeoutMs: number }
  | { readonly transport: 'in-process'; readonly timeoutMs: number };

export { IN_PROCESS_BROKER } from './messaging.tokens';
const MESSAGE_CLIENT = Symbol('MESSAGE_CLIENT');

@Injectable()
class MessageClientLifecycle implements OnModuleDestroy {
  constructor(@Inject(MESSAGE_CLIENT) private readonly client: ClientProxy) {}

  async onModuleDestroy(): Promise<void> {
    await this.client.close();
  }
}

/**
 * The message bus for this process (NATS or in-process, from configuration) and the
 * interceptor that turns every message handler's outcome into a ServiceReply.
 */
@Module({})
export class MessagingModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: IN_PROCESS_BROKER, useValue: new InProcessBroker() },
        { provide: CONNECTION_STATES, useValue: new ConnectionStates() },
        {
          provide: MESSAGE_CLIENT,
          inject: [IN_PROCESS_BROKER, CONNECTION_STATES],
          useFactory: (broker: InProcessBroker, connections: ConnectionStates): ClientProxy => {
            switch (config.transport) {
              case 'nats': {
                const client = new PrefixedNatsClient(natsConnectionOptions(config.natsUrl), config.subjectPrefix);
                connections.add(client.connection);
                return client as unknown as ClientProxy;
              }
              case 'in-process':
                return new InProcessClient(broker);
              default:
                throw new Error(`Unknown transport: ${(config as { transport: string }).transport}`);
            }
          },
        },
        {
          provide: MESSAGE_BUS,
          inject: [MESSAGE_CLIENT, IN_PROCESS_BROKER],
          // each request timed by subject (tracker_nats_request_duration_seconds) and traced (a client span)
          useFactory: (client: ClientProxy, broker: InProcessBroker): MessageBus => {
            const bus =
              config.transport === 'in-process'
                ? new InProcessMessageBus(broker, config.timeoutMs)
                : new ClientProxyMessageBus(client, config.timeoutMs);
            return timedRequests(tracedRequests(bus, config.transport));
          },
        },
        { provide: MESSAGE_ENDPOINTS, inject: [MESSAGE_CLIENT], useFactory: (client: ClientProxy & MessageEndpoints) => client },
        { provide: APP_INTERCEPTOR, useClass: ServiceReplyInterceptor },
        MessageHandlerDirectory,
        MessageClientLifecycle,
      ],
      exports: [MESSAGE_BUS, MESSAGE_ENDPOINTS, IN_PROCESS_BROKER, CONNECTION_STATES],
    };
  }
}

/** The server side of the configured transport; `queue` load-balances a service's replicas. */
export function messageServerStrategy(
  config: MessagingConfig,
  broker: InProcessBroker,
  queue: string | undefined,
): CustomTransportStrategy {
  switch (config.transport) {
    case 'nats':
      return new PrefixedNatsServer(natsConnectionOptions(config.natsUrl, queue ? { queue } : {}), config.subjectPrefix);
    case 'in-process':
      return new InProcessServer(broker);
    default:
      throw new Error(`Unknown transport: ${(config as { transport: string }).transport}`);
  }
}
