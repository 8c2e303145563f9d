import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { BullMqMailQueue, type MailMessage } from '@tracker/platform/mail-queue';
import { gate } from '@tracker/platform/mail-queue/testing';
import {
  describeWithServers,
  type NodeProcess,
  sleep,
  startLoopbackSmtp,
  startNodeProcess,
  TEST_SERVER_URLS,
  waitUntil,
} from '@tracker/testing';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
/** built by jest's global setup (tools/build.mjs) */
const WORKER_SCRIPT = 'dist/libs/mailer/app/src/testing/mail-worker.process.js';
const BATCH = 24;
/** this mail's answer, and every later one's, is held until the worker is dead: sends caught in the middle */
const HOLD_FROM = 8;

const mailNumber = (n: number): MailMessage => ({
  to: [`user${n}@example.com`],
  from: 'tracker@example.com',
  subject: `[Bug ${n}] Batch mail`,
  text: `Mail ${n}.\n`,
  html: `<p>Mail ${n}.</p>`,
  headers: { 'Message-ID': `<batch-${n}@example.com>` },
});

/** Polls BullMQ until `count` jobs of the queue completed. */
async function waitForCompleted(inspector: Queue, count: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await inspector.getCompletedCount()) !== count) {
    if (Date.now() > deadline) throw new Error(`${count} completed jobs not reached within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * Issue 18's "killing the mailer mid-batch and starting it again delivers every mail exactly
 * once": a batch queued on the real Redis, the worker process (apps/mailer's MailWorker)
 * killed with SIGKILL while some sends wait for the SMTP server's answer, a new worker
 * started; the loopback server must have accepted each Message-ID exactly once.
 */
describeWithServers(['redis'], 'mail worker killed mid-batch', () => {
  it('every mail arrives exactly once: those accepted before the kill are not sent again, those caught mid-send are redelivered', async () => {
    const release = gate();
    let arrivals = 0;
    let held = 0;
    /** the Message-IDs of the sends caught mid-send (with 4 at a time, not always mail 8 first) */
    const heldIds: string[] = [];
    let released = false;
    const smtp = await startLoopbackSmtp({
      beforeAnswer: async (mail) => {
        arrivals += 1;
        if (arrivals < HOLD_FROM || released) return;
        held += 1;
        heldIds.push(mail.messageId ?? '');
        await release.passed;
      },
    });
    const queueName = `tracker-mail-test-${randomUUID()}`;
    const env = {
      TRACKER_REDIS_URL: TEST_SERVER_URLS.redis,
      TRACKER_MAIL_QUEUE_NAME: queueName,
      SMTP_URL: smtp.url,
      TRACKER_MAIL_CONCURRENCY: '4',
      TRACKER_MAIL_ATTEMPTS: '3',
      TRACKER_MAIL_BACKOFF_MS: '100',
      // a killed worker's jobs come back after about two of these
      TRACKER_MAIL_LOCK_MS: '1000',
    };
    const producer = await BullMqMailQueue.create({ redisUrl: TEST_SERVER_URLS.redis, queueName, attempts: 3, backoffMs: 100 });
    const inspector = new Queue(queueName, { connection: { url: TEST_SERVER_URLS.redis } });
    const workers: NodeProcess[] = [];
    try {
      for (let n = 1; n <= BATCH; n += 1) await producer.enqueue(mailNumber(n), { jobId: `change-${n}:u${n}` });
      workers.push(startNodeProcess('mail worker 1', WORKER_SCRIPT, env, ROOT));
      await workers[0]?.waitFor(/mail worker ready/);

      // mid-batch: some sends wait for their answer, every accepted one is recorded as done
      await waitUntil(() => held >= 1, 20_000);
      // every send answered before the hold was accepted and recorded as done (a send answered
      // but not yet recorded when the worker dies is SMTP's duplicate window: docs/mail.md §5)
      await waitUntil(() => smtp.received.length === HOLD_FROM - 1, 20_000);
      await waitForCompleted(inspector, HOLD_FROM - 1);
      await workers[0]?.kill();
      // the server answers the held sends only once it saw their connections close: nobody hears that answer
      await waitUntil(() => smtp.openConnections() === 0);
      released = true;
      release.open();
      const acceptedBeforeKill = smtp.received.length;
      expect(acceptedBeforeKill).toBe(HOLD_FROM - 1);

      workers.push(startNodeProcess('mail worker 2', WORKER_SCRIPT, env, ROOT));
      await workers[1]?.waitFor(/mail worker ready/);
      await waitForCompleted(inspector, BATCH);

      const messageIds = smtp.received.map((mail) => mail.messageId ?? '');
      const expected = Array.from({ length: BATCH }, (_, i) => `<batch-${i + 1}@example.com>`);
      expect([...messageIds].sort()).toEqual([...expected].sort());
      expect(new Set(messageIds).size).toBe(BATCH);
      expect(held).toBeGreaterThanOrEqual(1);
      expect(await inspector.getFailedCount()).toBe(0);
      // a send caught mid-send came again, whole, from the second worker
      const caught = heldIds[0] ?? '';
      const number = /<batch-(\d+)@/.exec(caught)?.[1];
      const redelivered = smtp.received.slice(acceptedBeforeKill).find((mail) => mail.messageId === caught);
      expect(redelivered?.html).toBe(`<p>Mail ${number}.</p>`);
    } finally {
      for (const worker of workers) await worker.stop();
      release.open();
      await producer.close();
      await inspector.obliterate({ force: true });
      await inspector.close();
      await smtp.stop();
    }
  }, 60_000);
});
