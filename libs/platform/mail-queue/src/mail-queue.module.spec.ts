import { randomUUID } from 'node:crypto';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { BullMqMailQueue } from './bullmq-mail-queue.adapter';
import { InProcessMailQueue } from './in-process-mail-queue.adapter';
import { type MailQueueConfig, MailQueueModule } from './mail-queue.module';
import { MAIL_QUEUE, type MailQueue } from './mail-queue.port';
import { type Delivery, mail, recordingHandler } from './testing/mail-recording';
import { waitUntil } from '@tracker/testing';

async function bootQueue(config: MailQueueConfig): Promise<{ queue: MailQueue; shutdown: () => Promise<void> }> {
  const moduleRef = await Test.createTestingModule({ imports: [MailQueueModule.forRoot(config)] }).compile();
  return { queue: moduleRef.get<MailQueue>(MAIL_QUEUE), shutdown: () => moduleRef.close() };
}

describe('MailQueueModule', () => {
  it('provides the in-process adapter and closes it when the application closes', async () => {
    const { queue, shutdown } = await bootQueue({ adapter: 'in-process', attempts: 2, backoffMs: 10 });
    expect(queue).toBeInstanceOf(InProcessMailQueue);
    const deliveries: Delivery[] = [];
    await queue.process(recordingHandler(deliveries));
    await queue.enqueue(mail('via module'));
    await waitUntil(() => deliveries.length === 1);
    expect(deliveries[0]?.message.subject).toBe('via module');

    await shutdown();
    await expect(queue.enqueue(mail('after shutdown'))).rejects.toThrow('Mail queue is closed');
  });

  it('fails at boot on an unknown adapter name', async () => {
    const config = { adapter: 'carrier-pigeon', attempts: 1, backoffMs: 1 } as unknown as MailQueueConfig;
    await expect(bootQueue(config)).rejects.toThrow('Unknown mail queue adapter: carrier-pigeon');
  });

  it('fails at boot on retry options that make no sense', async () => {
    await expect(bootQueue({ adapter: 'in-process', attempts: 0, backoffMs: 10 })).rejects.toThrow(/attempts/);
  });

  describeWithServers(['redis'], 'with the BullMQ adapter', () => {
    it('provides the BullMQ adapter on the configured queue and closes it', async () => {
      const queueName = `tracker-mail-module-${randomUUID()}`;
      const redisUrl = TEST_SERVER_URLS.redis;
      const { queue, shutdown } = await bootQueue({ adapter: 'bullmq', redisUrl, queueName, attempts: 2, backoffMs: 10 });
      const inspector = new Queue(queueName, { connection: { url: redisUrl } });
      try {
        expect(queue).toBeInstanceOf(BullMqMailQueue);
        await queue.enqueue(mail('via module'), { jobId: 'module-1' });
        expect(await inspector.getWaitingCount()).toBe(1);
        await shutdown();
        await expect(queue.enqueue(mail('after shutdown'))).rejects.toThrow('Mail queue is closed');
      } finally {
        await inspector.obliterate({ force: true });
        await inspector.close();
      }
    });
  });
});
