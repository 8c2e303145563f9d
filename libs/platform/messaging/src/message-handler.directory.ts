import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type HandlesMessage, messageHandlerSubject } from './message-handler.decorator';
import { InProcessBroker } from './in-process.transport';
import { IN_PROCESS_BROKER } from './messaging.tokens';

/**
 * Hands the in-process broker this application's `@MessageHandler` instances, so that in
 * embedded mode a message reaches `handle(request)` without Nest's RPC pipeline: its
 * interceptor chain, the async-context binding of each call and two rxjs Observables cost
 * a fifth of the process's CPU on a keyed `GET /rest/bug/{id}` (docs/benchmarks.md).
 */
@Injectable()
export class MessageHandlerDirectory implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(IN_PROCESS_BROKER) private readonly broker: InProcessBroker,
  ) {}

  onApplicationBootstrap(): void {
    const handlers = new Map<string, HandlesMessage>();
    for (const wrapper of this.discovery.getControllers()) {
      const subject = messageHandlerSubject(wrapper.metatype);
      if (subject !== undefined && wrapper.instance) handlers.set(subject, wrapper.instance as HandlesMessage);
    }
    this.broker.adopt(handlers);
  }
}
