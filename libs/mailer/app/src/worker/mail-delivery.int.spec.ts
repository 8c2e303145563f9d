import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { BullMqMailQueue, type MailMessage } from '@tracker/platform/mail-queue';
import { describeWithServers, sleep, startLoopbackSmtp, TEST_SERVER_URLS, waitUntil } from '@tracker/testing';
import { EmlMailSender } from './eml-mail-sender';
import { SmtpMailSender } from './smtp-mail-sender';

const message: MailMessage = {
  to: ['cat@example.com'],
  from: 'tracker@example.com',
  subject: '[Bug 42] Crash on save',
  text: 'Bug 42: Crash on save\n\nThe body.\n',
  html: '<p>Bug 42: Crash on save</p>\n<pre>The body &lt;script&gt;</pre>\n',
  headers: {
    'X-Tracker-Reason': 'CC',
    'X-Tracker-Type': 'changed',
    'Message-ID': '<bug-42-u3-c1@example.com>',
    'In-Reply-To': '<bug-42-u3@example.com>',
    References: '<bug-42-u3@example.com>',
  },
};

function expectTheMail(parsed: ParsedMail | undefined): void {
  expect(parsed?.subject).toBe('[Bug 42] Crash on save');
  expect(parsed?.text).toBe('Bug 42: Crash on save\n\nThe body.\n');
  // both parts arrive, as multipart/alternative, the HTML as it was rendered
  expect(parsed?.html).toBe('<p>Bug 42: Crash on save</p>\n<pre>The body &lt;script&gt;</pre>\n');
  expect(parsed?.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
  expect(parsed?.messageId).toBe('<bug-42-u3-c1@example.com>');
  expect(parsed?.inReplyTo).toBe('<bug-42-u3@example.com>');
  expect(parsed?.references).toBe('<bug-42-u3@example.com>');
  expect(parsed?.headers.get('x-tracker-reason')).toBe('CC');
  expect(parsed?.headers.get('x-tracker-type')).toBe('changed');
}

describe('mail delivery', () => {
  it('SMTP: the loopback server receives the mail with its threading and Tracker headers', async () => {
    const smtp = await startLoopbackSmtp();
    const sender = new SmtpMailSender(smtp.url);
    try {
      await sender.send(message);
      expect(smtp.received).toHaveLength(1);
      expectTheMail(smtp.received[0]);
      expect(smtp.received[0]?.to).toMatchObject({ text: 'cat@example.com' });
    } finally {
      await sender.close();
      await smtp.stop();
    }
  });

  it('SMTP refusing: the send rejects, so the queue retries it', async () => {
    const smtp = await startLoopbackSmtp({ refuseFirst: 1 });
    const sender = new SmtpMailSender(smtp.url);
    try {
      await expect(sender.send(message)).rejects.toThrow(/try again later/);
      await sender.send(message);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await sender.close();
      await smtp.stop();
    }
  });

  it('SMTP sessions: kept open between sends; one the server ended while idle is not reused', async () => {
    let sessions = 0;
    const accepted: string[] = [];
    // a server that ends a session idle for 300 ms, as an MTA's idle timeout does
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      socketTimeout: 300,
      onConnect: (_session, callback) => {
        sessions += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        void simpleParser(stream).then((mail) => {
          accepted.push(mail.messageId ?? '');
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sender = new SmtpMailSender(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    try {
      await sender.send(message);
      await sender.send({ ...message, headers: { 'Message-ID': '<second@example.com>' } });
      expect(sessions).toBe(1);
      await sleep(800);
      await sender.send({ ...message, headers: { 'Message-ID': '<third@example.com>' } });
      expect(sessions).toBe(2);
      expect(accepted).toEqual(['<bug-42-u3-c1@example.com>', '<second@example.com>', '<third@example.com>']);
    } finally {
      await sender.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('.eml files: one whole file per job, a retried job replaces its own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tracker-eml-'));
    const sender = new EmlMailSender(join(dir, 'mail'));
    try {
      await sender.send(message, 'c1:u3');
      await sender.send(message, 'c1:u3');
      expect(await readdir(join(dir, 'mail'))).toEqual(['c1_u3.eml']);
      expectTheMail(await simpleParser(await readFile(join(dir, 'mail', 'c1_u3.eml'))));
    } finally {
      await sender.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describeWithServers(['redis'], 'mail delivery through BullMQ on the real Redis', () => {
  it('a send refused twice is retried with backoff and delivered once; the same job id queued again is not sent again', async () => {
    const smtp = await startLoopbackSmtp({ refuseFirst: 2 });
    const queueName = `tracker-mail-test-${randomUUID()}`;
    const queue = await BullMqMailQueue.create({ redisUrl: TEST_SERVER_URLS.redis, queueName, attempts: 3, backoffMs: 50 });
    const sender = new SmtpMailSender(smtp.url);
    const attempts: number[] = [];
    try {
      await queue.enqueue(message, { jobId: 'change-1:u3' });
      await queue.process(async (mail, info) => {
        attempts.push(info.attempt);
        await sender.send(mail);
      });
      await waitUntil(() => smtp.received.length === 1, 15_000);
      await queue.enqueue(message, { jobId: 'change-1:u3' });
      await sleep(500);
      expect(attempts).toEqual([1, 2, 3]);
      expect(smtp.refused()).toBe(2);
      expect(smtp.received).toHaveLength(1);
      expectTheMail(smtp.received[0]);
    } finally {
      await queue.close();
      await sender.close();
      await smtp.stop();
      const cleanup = new Queue(queueName, { connection: { url: TEST_SERVER_URLS.redis } });
      await cleanup.obliterate({ force: true });
      await cleanup.close();
    }
  }, 30_000);
});
