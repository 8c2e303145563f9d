import { randomUUID } from 'node:crypto';
import { type Socket, createServer } from 'node:net';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { BullMqMailQueue, type BullMqMailQueueOptions } from './bullmq-mail-queue.adapter';
import { describeMailQueueContract } from './testing/mail-queue.contract';
import { type Delivery, fullMail, mail, recordingHandler } from './testing/mail-recording';
import { sleep, waitUntil } from '@tracker/testing';

const redisUrl = TEST_SERVER_URLS.redis;

/** A queue name no other test run shares, so runs on one Redis never see each other's jobs. */
function uniqueQueueName(): string {
  return `tracker-mail-test-${randomUUID()}`;
}

/** Removes every key of the queue, then checks that none is left behind. */
async function removeQueue(queueName: string): Promise<void> {
  const queue = new Queue(queueName, { connection: { url: redisUrl } });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
  const redis = new Redis(redisUrl);
  try {
    expect(await redis.keys(`bull:${queueName}:*`)).toEqual([]);
  } finally {
    redis.disconnect();
  }
}

describeWithServers(['redis'], 'BullMqMailQueue on the real Redis', () => {
  describeMailQueueContract('BullMQ adapter on the real Redis', async (options) => {
    const queueName = uniqueQueueName();
    const queue = await BullMqMailQueue.create({ redisUrl, queueName, ...options });
    return {
      queue,
      dispose: async () => {
        await queue.close();
        await removeQueue(queueName);
      },
    };
  });

  describe('beyond the contract', () => {
    let options: BullMqMailQueueOptions;
    const logged: string[] = [];

    beforeEach(() => {
      logged.length = 0;
      options = { redisUrl, queueName: uniqueQueueName(), attempts: 2, backoffMs: 10, logger: { error: (m) => void logged.push(m) } };
    });
    afterEach(async () => {
      await removeQueue(options.queueName);
    });

    it('keeps enqueued jobs when the queue is closed and delivers them from a new instance', async () => {
      const producer = await BullMqMailQueue.create(options);
      const ids = [await producer.enqueue(fullMail(), { jobId: 'restart-1' }), await producer.enqueue(mail('second'))];
      await producer.close();

      const consumer = await BullMqMailQueue.create(options);
      try {
        const deliveries: Delivery[] = [];
        await consumer.process(recordingHandler(deliveries));
        await waitUntil(() => deliveries.length >= 2);
        expect(deliveries.map((d) => d.info.jobId).sort()).toEqual([...ids].sort());
        expect(deliveries.find((d) => d.info.jobId === 'restart-1')?.message).toStrictEqual(fullMail());
      } finally {
        await consumer.close();
      }
    });

    it('keeps a job that used up its attempts in the failed set, with the last error', async () => {
      const queue = await BullMqMailQueue.create(options);
      try {
        await queue.enqueue(mail('undeliverable'), { jobId: 'failed-1' });
        await queue.process(() => Promise.reject(new Error('550 no such user')));
        await waitUntil(() => logged.length >= 1);
      } finally {
        await queue.close();
      }
      const inspector = new Queue(options.queueName, { connection: { url: redisUrl } });
      try {
        const failed = await inspector.getFailed();
        expect(failed.map((job): unknown[] => [job.data as unknown, job.attemptsMade, job.failedReason])).toEqual([
          [{ jobId: 'failed-1', message: mail('undeliverable') }, 2, '550 no such user'],
        ]);
      } finally {
        await inspector.close();
      }
    });

    it('fails at creation when Redis does not answer in time, without revealing the password', async () => {
      // a server that accepts connections and never answers, like a hung Redis
      const sockets = new Set<Socket>();
      const silent = createServer((socket) => void sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      try {
        const creating = BullMqMailQueue.create({ ...options, redisUrl: `redis://:hunter2@127.0.0.1:${port}`, connectTimeoutMs: 500 });
        await expect(creating).rejects.toThrow(`Redis at redis://:***@127.0.0.1:${port} did not answer within 500 ms`);
        await expect(creating).rejects.not.toThrow(/hunter2/);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
        // ioredis leaves a 2 s timer (its disconnectTimeout) behind when a socket closes
        // before the ready check; waiting it out lets Jest exit without a leak warning
        await sleep(2100);
      }
    });
  });
});
