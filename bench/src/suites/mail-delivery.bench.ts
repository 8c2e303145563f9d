import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { BullMqMailQueue, type MailMessage } from '@tracker/platform/mail-queue';
import { SmtpMailSender } from '@tracker/mailer/app';
import { startLoopbackSmtp, TEST_SERVER_URLS, waitUntil } from '@tracker/testing';
import { ratePerSecond } from '../measure';
import type { Measurement } from '../report';
import { SECONDS } from './bugs-http';

/** the mailer's default TRACKER_MAIL_CONCURRENCY: sends at a time, in both paths */
const CONCURRENCY = 4;
/** mails per measurement: about BENCH_SECONDS of sending at the ~100 mails/s nodemailer reaches here */
const MAILS = Math.max(50, SECONDS * 100);

/**
 * Mails delivered per second to a loopback SMTP server (issue 18): through the real BullMQ
 * on Redis (enqueued, taken by the mail worker's queue consumer, sent by its nodemailer
 * sender), against the baseline of the same sender handing the same mails straight to the
 * same server with the same concurrency. The clock runs from the first enqueue to the last
 * mail the server accepted, so the queue's whole cost is in the figure.
 */
export async function mailDeliveryBench(): Promise<Measurement[]> {
  const smtp = await startLoopbackSmtp();
  const sender = new SmtpMailSender(smtp.url, CONCURRENCY);
  const queueName = `tracker-mail-bench-${randomUUID().slice(0, 8)}`;
  const queue = await BullMqMailQueue.create({ redisUrl: TEST_SERVER_URLS.redis, queueName, attempts: 3, backoffMs: 100 });
  try {
    const direct = await ratePerSecond(MAILS, CONCURRENCY, (i) => sender.send(benchMail(`direct-${i}`)));
    await queue.process((message) => sender.send(message), { concurrency: CONCURRENCY });
    const before = smtp.received.length;
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: MAILS }, (_, i) => queue.enqueue(benchMail(`queued-${i}`), { jobId: `bench:${i}` })));
    await waitUntil(() => smtp.received.length >= before + MAILS, 120_000);
    const queued = MAILS / (Number(process.hrtime.bigint() - started) / 1e9);
    const baseline = `mail: nodemailer straight to the loopback SMTP server, ${CONCURRENCY} in flight`;
    return [
      { suite: 'mail delivery', name: baseline, value: direct, unit: 'mails/s' },
      {
        suite: 'mail delivery',
        name: `mail: delivered through BullMQ on Redis to the loopback SMTP server, ${CONCURRENCY} in flight`,
        value: queued,
        unit: 'mails/s',
        baseline,
      },
    ];
  } finally {
    await queue.close();
    await sender.close();
    await smtp.stop();
    const cleanup = new Queue(queueName, { connection: { url: TEST_SERVER_URLS.redis } });
    await cleanup.obliterate({ force: true });
    await cleanup.close();
  }
}

/** A bug mail of the usual size: both parts and the threading headers. */
function benchMail(id: string): MailMessage {
  const body = 'Some text of the change.\n'.repeat(20);
  return {
    to: ['watcher@example.com'],
    from: 'tracker@example.com',
    subject: `[Bug 1] Bench mail ${id}`,
    text: body,
    html: `<pre>${body}</pre>`,
    headers: { 'X-Tracker-Reason': 'CC', 'X-Tracker-Type': 'changed', 'Message-ID': `<bug-1-${id}@example.com>` },
  };
}
