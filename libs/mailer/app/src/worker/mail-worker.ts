import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MAIL_QUEUE, type MailConsumer, type MailQueue } from '@tracker/platform/mail-queue';
import { MAILER_OPTIONS, type MailerOptions } from '../mailer.options';
import { EmlMailSender } from './eml-mail-sender';
import type { MailSender } from './mail-sender';
import { SmtpMailSender } from './smtp-mail-sender';

/**
 * The mail workers: consume the queue with `TRACKER_MAIL_CONCURRENCY` sends at a time and
 * hand each mail to SMTP or to `.eml` files. A failed send throws, so the queue retries it
 * with backoff and, after the last attempt, keeps it as failed (BullMQ's failed set: the
 * dead letters an operator inspects). Without a delivery configured no worker runs here.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailWorker');
  private sender: MailSender | undefined;
  private consumer: MailConsumer | undefined;

  constructor(
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(MAILER_OPTIONS) private readonly options: MailerOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const delivery = this.options.delivery;
    if (delivery.kind === 'none') {
      this.logger.warn('no SMTP_URL: mails stay queued for a mailer that sends them');
      return;
    }
    const sender = delivery.kind === 'smtp' ? new SmtpMailSender(delivery.url, this.options.concurrency) : new EmlMailSender(delivery.dir);
    this.sender = sender;
    this.consumer = await this.queue.process((message, info) => sender.send(message, info.jobId), {
      concurrency: this.options.concurrency,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
    await this.sender?.close();
  }
}
