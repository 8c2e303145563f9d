import { type Delivery, fullMail, mail, recordingHandler } from './mail-recording';
import { type OpenQueue, QUIET_MS, subjects } from './open-queue';
import { sleep, waitUntil } from '@tracker/testing';

/** Each message arrives once and intact; a jobId deduplicates, whatever characters it holds, one job or many at a time. */
export function describeDeliveryContract(open: OpenQueue): void {
  it('delivers every enqueued message exactly once, with every field intact', async () => {
    const { queue } = await open();
    const messages = [fullMail(), mail('minimal'), ...Array.from({ length: 18 }, (_, i) => mail(`numbered ${i}`))];
    const ids: string[] = [];
    for (const message of messages) ids.push(await queue.enqueue(message));
    // nobody consumes yet: all of them wait
    expect(await queue.depth()).toEqual({ waiting: messages.length, active: 0, delayed: 0, failed: 0 });
    const deliveries: Delivery[] = [];
    await queue.process(recordingHandler(deliveries), { concurrency: 4 });

    await waitUntil(() => deliveries.length >= messages.length);
    await sleep(QUIET_MS);
    expect(await queue.depth()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(deliveries).toHaveLength(messages.length);
    expect(new Set(ids).size).toBe(messages.length);
    const byId = new Map(deliveries.map((d) => [d.info.jobId, d]));
    ids.forEach((id, i) => {
      expect(byId.get(id)?.message).toStrictEqual(messages[i]);
      expect(byId.get(id)?.info).toEqual({ jobId: id, attempt: 1 });
    });
  });

  it('delivers messages enqueued while a consumer is running', async () => {
    const { queue } = await open();
    const deliveries: Delivery[] = [];
    await queue.process(recordingHandler(deliveries));
    await queue.enqueue(mail('live 1'));
    await queue.enqueue(mail('live 2'));
    await waitUntil(() => deliveries.length >= 2);
    expect(subjects(deliveries).sort()).toEqual(['live 1', 'live 2']);
  });

  it('treats a repeated jobId as a no-op, before and after delivery, for any id string', async () => {
    const { queue } = await open();
    const returned = [
      await queue.enqueue(mail('first'), { jobId: 'bug-42:comment/7' }),
      await queue.enqueue(mail('second'), { jobId: 'bug-42:comment/7' }),
      await queue.enqueue(mail('numeric'), { jobId: '42' }),
      await queue.enqueue(mail('numeric again'), { jobId: '42' }),
      await queue.enqueue(mail('encoded lookalike'), { jobId: 'bug-42%3Acomment%2F7' }),
    ];
    expect(returned).toEqual(['bug-42:comment/7', 'bug-42:comment/7', '42', '42', 'bug-42%3Acomment%2F7']);
    const deliveries: Delivery[] = [];
    await queue.process(recordingHandler(deliveries));
    await waitUntil(() => deliveries.length >= 3);

    expect(await queue.enqueue(mail('after delivery'), { jobId: 'bug-42:comment/7' })).toBe('bug-42:comment/7');
    await sleep(QUIET_MS);
    const seen = deliveries.map((d) => [d.info.jobId, d.message.subject]);
    expect(seen.sort()).toEqual([
      ['42', 'numeric'],
      ['bug-42%3Acomment%2F7', 'encoded lookalike'],
      ['bug-42:comment/7', 'first'],
    ]);
  });

  it('enqueueAll queues each id once: one already held and one listed twice are no-ops, every field intact', async () => {
    const { queue } = await open();
    await queue.enqueue(mail('held before'), { jobId: 'change-1:u2' });
    await queue.enqueueAll([
      { jobId: 'change-1:u2', message: mail('held again') },
      { jobId: 'change-1:u3', message: fullMail() },
      { jobId: 'change-2:u3', message: mail('second change') },
      { jobId: 'change-2:u3', message: mail('listed twice') },
    ]);
    await queue.enqueueAll([]);
    expect(await queue.depth()).toEqual({ waiting: 3, active: 0, delayed: 0, failed: 0 });
    const deliveries: Delivery[] = [];
    await queue.process(recordingHandler(deliveries), { concurrency: 2 });
    await waitUntil(() => deliveries.length >= 3);
    await sleep(QUIET_MS);
    const seen = deliveries.map((d): [string, string, number] => [d.info.jobId, d.message.subject, d.info.attempt]);
    expect(seen.sort()).toEqual([
      ['change-1:u2', 'held before', 1],
      ['change-1:u3', fullMail().subject, 1],
      ['change-2:u3', 'second change', 1],
    ]);
    expect(deliveries.find((d) => d.info.jobId === 'change-1:u3')?.message).toStrictEqual(fullMail());
  });
}
