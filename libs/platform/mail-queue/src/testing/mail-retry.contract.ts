import { type Delivery, mail, recordingHandler } from './mail-recording';
import { type OpenQueue, QUIET_MS, subjects } from './open-queue';
import { sleep, waitUntil } from '@tracker/testing';

/** A throwing handler is retried with growing attempt numbers and waits, then given up and logged once. */
export function describeRetryContract(open: OpenQueue): void {
  it('retries a failing handler with increasing attempt numbers until it succeeds', async () => {
    const { queue, logged } = await open({ attempts: 4 });
    const deliveries: Delivery[] = [];
    const id = await queue.enqueue(mail('flaky'));
    await queue.process(
      recordingHandler(deliveries, ({ info }) => {
        if (info.attempt < 3) throw new Error(`SMTP 451 on attempt ${info.attempt}`);
      }),
    );

    await waitUntil(() => deliveries.length >= 3);
    await sleep(QUIET_MS);
    expect(deliveries.map((d) => d.info)).toEqual([1, 2, 3].map((attempt) => ({ jobId: id, attempt })));
    expect(subjects(deliveries)).toEqual(['flaky', 'flaky', 'flaky']);
    expect(logged).toEqual([]);
  });

  it('gives up after `attempts` failures, logs it once, and goes on with other jobs', async () => {
    const { queue, logged } = await open({ attempts: 3, backoffMs: 10 });
    const deliveries: Delivery[] = [];
    await queue.enqueue(mail('doomed'), { jobId: 'doomed-1' });
    await queue.enqueue(mail('healthy'), { jobId: 'healthy-1' });
    await queue.process(
      recordingHandler(deliveries, ({ message }) => {
        if (message.subject === 'doomed') throw new Error('mailbox unavailable');
      }),
    );

    await waitUntil(() => logged.length >= 1);
    await sleep(QUIET_MS);
    const doomed = deliveries.filter((d) => d.info.jobId === 'doomed-1');
    expect(doomed.map((d) => d.info.attempt)).toEqual([1, 2, 3]);
    expect(subjects(deliveries.filter((d) => d.info.jobId === 'healthy-1'))).toEqual(['healthy']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('doomed-1');
    expect(logged[0]).toContain('mailbox unavailable');
    // kept for an operator: the given-up job only, with its last error
    const dead = await queue.deadLetters(10);
    expect(dead).toEqual([
      {
        jobId: 'doomed-1',
        to: ['ann@example.com'],
        subject: 'doomed',
        attempts: 3,
        lastError: 'mailbox unavailable',
        failedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(dead[0]?.failedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await queue.depth()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 1 });
    await expect(queue.deadLetters(0)).rejects.toThrow('Dead-letter limit must be an integer of at least 1, not 0');
  });

  it('waits before each retry, twice as long as before the previous one', async () => {
    const backoffMs = 100;
    const { queue, logged } = await open({ attempts: 3, backoffMs });
    const deliveries: Delivery[] = [];
    await queue.enqueue(mail('always failing'));
    await queue.process(
      recordingHandler(deliveries, () => {
        throw new Error('down');
      }),
    );

    await waitUntil(() => logged.length >= 1);
    const [first, second, third] = deliveries.map((d) => d.at);
    // lower bounds only: a loaded machine may wait longer, never shorter
    expect(deliveries).toHaveLength(3);
    expect(second! - first!).toBeGreaterThanOrEqual(backoffMs * 0.9);
    expect(third! - second!).toBeGreaterThanOrEqual(2 * backoffMs * 0.9);
  });
}
