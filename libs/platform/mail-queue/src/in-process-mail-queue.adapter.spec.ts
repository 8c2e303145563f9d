import { InProcessMailQueue } from './in-process-mail-queue.adapter';
import { describeMailQueueContract } from './testing/mail-queue.contract';
import { type Delivery, mail, recordingHandler } from './testing/mail-recording';
import { sleep, waitUntil } from '@tracker/testing';

describeMailQueueContract('in-process adapter', (options) => {
  const queue = new InProcessMailQueue(options);
  return Promise.resolve({ queue, dispose: () => queue.close() });
});

describe('InProcessMailQueue', () => {
  it('drops a pending retry on close instead of running the handler after it', async () => {
    const queue = new InProcessMailQueue({ attempts: 3, backoffMs: 50, logger: { error: () => undefined } });
    const deliveries: Delivery[] = [];
    await queue.enqueue(mail('failing once'));
    await queue.process(
      recordingHandler(deliveries, () => {
        throw new Error('first try fails');
      }),
    );
    await waitUntil(() => deliveries.length === 1);
    await queue.close();
    await sleep(200);
    expect(deliveries.map((d) => d.info.attempt)).toEqual([1]);
  });

  it('refuses bad retry options at construction', () => {
    expect(() => new InProcessMailQueue({ attempts: 0, backoffMs: 10 })).toThrow(/attempts must be an integer/);
    expect(() => new InProcessMailQueue({ attempts: 2, backoffMs: -1 })).toThrow(/backoffMs must be a non-negative/);
  });
});
