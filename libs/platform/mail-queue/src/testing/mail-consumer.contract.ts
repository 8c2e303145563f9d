import { type Delivery, gate, mail, recordingHandler } from './mail-recording';
import { type OpenQueue, QUIET_MS, subjects } from './open-queue';
import { sleep, waitUntil } from '@tracker/testing';

/** Concurrency caps the running handlers; stop() and close() end consumption cleanly. */
export function describeConsumerContract(open: OpenQueue): void {
  it('never runs more handlers at once than the concurrency asked for', async () => {
    const { queue } = await open();
    for (let i = 0; i < 9; i++) await queue.enqueue(mail(`parallel ${i}`));
    const hold = gate();
    let running = 0;
    let peak = 0;
    const finished: string[] = [];
    await queue.process(
      async (message) => {
        running += 1;
        peak = Math.max(peak, running);
        await hold.passed;
        running -= 1;
        finished.push(message.subject);
      },
      { concurrency: 3 },
    );

    await waitUntil(() => running === 3);
    await sleep(QUIET_MS);
    expect(running).toBe(3);
    expect(finished).toEqual([]);
    hold.open();
    await waitUntil(() => finished.length === 9);
    expect(peak).toBe(3);
  });

  it('runs one handler at a time by default', async () => {
    const { queue } = await open();
    for (let i = 0; i < 4; i++) await queue.enqueue(mail(`serial ${i}`));
    let running = 0;
    let peak = 0;
    const finished: string[] = [];
    await queue.process(async (message) => {
      running += 1;
      peak = Math.max(peak, running);
      await sleep(30);
      running -= 1;
      finished.push(message.subject);
    });

    await waitUntil(() => finished.length === 4);
    expect(peak).toBe(1);
  });

  it('takes nothing more after stop(); a new process() gets what was enqueued meanwhile', async () => {
    const { queue } = await open();
    const firstRun: Delivery[] = [];
    const consumer = await queue.process(recordingHandler(firstRun));
    await queue.enqueue(mail('before stop'));
    await waitUntil(() => firstRun.length >= 1);
    await consumer.stop();

    await queue.enqueue(mail('after stop'));
    await sleep(QUIET_MS);
    expect(subjects(firstRun)).toEqual(['before stop']);

    const secondRun: Delivery[] = [];
    await queue.process(recordingHandler(secondRun));
    await waitUntil(() => secondRun.length >= 1);
    await sleep(QUIET_MS);
    expect(subjects(secondRun)).toEqual(['after stop']);
    expect(subjects(firstRun)).toEqual(['before stop']);
  });

  it('lets stop() wait for a running handler, whose job then counts as done', async () => {
    const { queue } = await open();
    const hold = gate();
    const started: string[] = [];
    const consumer = await queue.process(async (_message, info) => {
      started.push(info.jobId);
      await hold.passed;
    });
    const id = await queue.enqueue(mail('slow'));
    await waitUntil(() => started.length === 1);

    let stopped = false;
    const stopping = consumer.stop().then(() => {
      stopped = true;
    });
    await sleep(QUIET_MS);
    expect(stopped).toBe(false);
    hold.open();
    await stopping;
    expect(stopped).toBe(true);

    const later: Delivery[] = [];
    await queue.process(recordingHandler(later));
    await sleep(QUIET_MS);
    expect(later).toEqual([]);
    expect(started).toEqual([id]);
  });

  it('refuses work once closed, and closing twice is harmless', async () => {
    const { queue } = await open();
    await queue.close();
    await expect(queue.enqueue(mail('too late'))).rejects.toThrow('Mail queue is closed');
    await expect(queue.process(() => Promise.resolve())).rejects.toThrow('Mail queue is closed');
    await expect(queue.close()).resolves.toBeUndefined();
  });

  it('refuses an empty jobId and a concurrency below 1', async () => {
    const { queue } = await open();
    await expect(queue.enqueue(mail('x'), { jobId: '' })).rejects.toThrow('Mail job id must not be empty');
    await expect(queue.process(() => Promise.resolve(), { concurrency: 0 })).rejects.toThrow(/concurrency must be an integer/);
    await expect(queue.process(() => Promise.resolve(), { concurrency: 1.5 })).rejects.toThrow(/concurrency must be an integer/);
  });
}
