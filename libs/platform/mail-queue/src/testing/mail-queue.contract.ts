import type { MailQueue } from '../mail-queue.port';
import type { MailRetryOptions } from '../mail-retry';
import { describeConsumerContract } from './mail-consumer.contract';
import { describeDeliveryContract } from './mail-delivery.contract';
import { describeRetryContract } from './mail-retry.contract';
import type { OpenedQueue } from './open-queue';

/**
 * The behaviour every mail-queue adapter must show: each enqueued message reaches the
 * handler once and intact, a jobId deduplicates, a failing handler is retried with
 * growing attempt numbers and waits, then given up and logged, concurrency caps the
 * running handlers, and a stopped consumer takes nothing more.
 */
export interface MailQueueFixture {
  readonly queue: MailQueue;
  readonly dispose: () => Promise<void>;
}

/** Each call must give a new, empty queue that uses exactly these options. */
export type MailQueueFactory = (options: Required<MailRetryOptions>) => Promise<MailQueueFixture>;

export function describeMailQueueContract(name: string, createFixture: MailQueueFactory): void {
  describe(`MailQueue contract: ${name}`, () => {
    const opened: MailQueueFixture[] = [];

    const open = async (options: Partial<MailRetryOptions> = {}): Promise<OpenedQueue> => {
      const logged: string[] = [];
      const logger = { error: (message: string) => void logged.push(message) };
      const fixture = await createFixture({ attempts: 3, backoffMs: 10, logger, ...options });
      opened.push(fixture);
      return { queue: fixture.queue, logged };
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((fixture) => fixture.dispose()));
    });

    describeDeliveryContract(open);
    describeRetryContract(open);
    describeConsumerContract(open);
  });
}
