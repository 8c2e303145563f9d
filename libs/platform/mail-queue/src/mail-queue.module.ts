import type { DynamicModule, OnModuleDestroy } from '@nestjs/common';
import { Inject, Injectable, Module, Optional, type OnModuleInit } from '@nestjs/common';
import { CONNECTION_STATES, type ConnectionStates } from '@tracker/platform/messaging';
import { trackMailQueueDepth } from '@tracker/platform/metrics';
import { BullMqMailQueue } from './bullmq-mail-queue.adapter';
import { InProcessMailQueue } from './in-process-mail-queue.adapter';
import { MAIL_QUEUE, type MailQueue } from './mail-queue.port';

export type MailQueueConfig =
  | { readonly adapter: 'in-process'; readonly attempts: number; readonly backoffMs: number }
  | {
      readonly adapter: 'bullmq';
      readonly redisUrl: string;
      readonly queueName: string;
      readonly attempts: number;
      readonly backoffMs: number;
      readonly lockDurationMs?: number;
    };

@Injectable()
class MailQueueLifecycle implements OnModuleInit, OnModuleDestroy {
  private untrackDepth: (() => void) | undefined;

  constructor(
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    @Optional() @Inject(CONNECTION_STATES) private readonly connections?: ConnectionStates,
  ) {}

  /** Redis, while it is away, is part of the health reply; the queue's depth is on /metrics. */
  onModuleInit(): void {
    if (this.queue instanceof BullMqMailQueue) this.connections?.add(this.queue.redis);
    this.untrackDepth = trackMailQueueDepth(() => this.queue.depth());
  }

  async onModuleDestroy(): Promise<void> {
    this.untrackDepth?.();
    await this.queue.close();
  }
}

/** Picks the mail-queue adapter named by configuration; an unknown name fails at boot. */
@Module({})
export class MailQueueModule {
  static forRoot(config: MailQueueConfig): DynamicModule {
    return {
      module: MailQueueModule,
      global: true,
      providers: [{ provide: MAIL_QUEUE, useFactory: () => createMailQueue(config) }, MailQueueLifecycle],
      exports: [MAIL_QUEUE],
    };
  }
}

function createMailQueue(config: MailQueueConfig): Promise<MailQueue> {
  switch (config.adapter) {
    case 'in-process':
      return Promise.resolve(new InProcessMailQueue({ attempts: config.attempts, backoffMs: config.backoffMs }));
    case 'bullmq':
      return BullMqMailQueue.create(config);
    default:
      return unknownAdapter(config);
  }
}

/** `never` makes a new adapter in MailQueueConfig without a case a compile error. */
function unknownAdapter(config: never): never {
  throw new Error(`Unknown mail queue adapter: ${String((config as { adapter?: unknown }).adapter)}`);
}
