import 'reflect-metadata';
import { EnvReader } from '@tracker/platform/config';
import { BullMqMailQueue } from '@tracker/platform/mail-queue';
import { readMailerOptions, readMailQueueConfig } from '../mailer.options';
import { MailWorker } from '../worker/mail-worker';

/**
 * The mailer's workers alone, as a process a test can kill -9 in the middle of a batch: the
 * same MailWorker, BullMQ queue and environment variables as apps/mailer, without the
 * notifier (so no PostgreSQL and no NATS). Prints "mail worker ready" once it consumes.
 */
async function main(): Promise<void> {
  const env = new EnvReader(process.env);
  const config = env.finish({ mailer: readMailerOptions(env, null), queue: readMailQueueConfig(env, 'bullmq') });
  if (config.queue.adapter !== 'bullmq') throw new Error('the mail worker process runs on BullMQ');
  const worker = new MailWorker(await BullMqMailQueue.create(config.queue), config.mailer);
  await worker.onApplicationBootstrap();
  console.info('mail worker ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
