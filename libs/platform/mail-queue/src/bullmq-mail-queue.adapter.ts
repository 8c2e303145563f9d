import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { ConnectionState } from '@tracker/platform/messaging';
import type { DeadLetter, MailConsumer, MailHandler, MailJobRequest, MailMessage, MailQueue, MailQueueDepth } from './mail-queue.port';
import { MAIL_JOB_ID_RETENTION_MS } from './mail-queue.port';
import { assertValidConcurrency, assertValidJobId, assertValidLimit, assertValidRetryOptions } from './mail-queue.validation';
import { type MailFailureLogger, type MailRetryOptions, givingUpMessage } from './mail-retry';

export interface BullMqMailQueueOptions extends MailRetryOptions {
  readonly redisUrl: string;
  readonly queueName: string;
  /** create() fails when Redis has not answered by then, rather than retrying forever; default 10 s */
  readonly connectTimeoutMs?: number;
  /**
   * How long a consumer's claim on a running job lasts unrenewed, and how often stalled jobs
   * are looked for: a consumer killed mid-job has its job redelivered after about twice this.
   * Default BullMQ's 30 s.
   */
  readonly lockDurationMs?: number;
}

/** What a job holds in Redis; the caller's id travels in the data because BullMQ's id is an encoding of it. */
interface MailJobData {
  readonly jobId: string;
  readonly message: MailMessage;
}

const JOB_NAME = 'mail';

/**
 * The mail queue on Redis through BullMQ: jobs outlive the process that enqueued them and
 * are shared by every consumer of the queue name. Completed jobs are kept for
 * MAIL_JOB_ID_RETENTION_MS only so their ids still deduplicate; failed jobs are kept for
 * an operator to inspect or retry. A consumer that dies mid-job has the job redelivered
 * by BullMQ's stalled-job check, so delivery is at least once across crashes.
 */
export class BullMqMailQueue implements MailQueue {
  private readonly consumers = new Set<BullMqConsumer>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly queue: Queue<MailJobData, void, string>,
    private readonly options: BullMqMailQueueOptions,
    private readonly logger: MailFailureLogger,
    /** Redis, for the process's health reply; ioredis reconnects by itself, forever, with back-off up to 2 s */
    readonly redis: ConnectionState,
  ) {}

  static async create(options: BullMqMailQueueOptions): Promise<BullMqMailQueue> {
    assertValidRetryOptions(options);
    const queue = new Queue<MailJobData, void, string>(options.queueName, {
      connection: { url: options.redisUrl },
      defaultJobOptions: {
        attempts: options.attempts,
        backoff: { type: 'exponential', delay: options.backoffMs },
        removeOnComplete: { age: MAIL_JOB_ID_RETENTION_MS / 1000 },
        removeOnFail: false,
      },
    });
    const logger = options.logger ?? new Logger('MailQueue');
    // without a listener BullMQ prints connection errors to the console itself; ioredis
    // repeats the error at every attempt, so the loss and the return are logged once each
    const redis = new ConnectionState('redis');
    queue.on('error', (error) => redis.lost(error.message));
    void queue.client.then((client) => client.on('ready', () => redis.restored())).catch(() => undefined);
    try {
      await withTimeout(queue.waitUntilReady(), options.connectTimeoutMs ?? 10_000, `Redis at ${redactedUrl(options.redisUrl)}`);
    } catch (error) {
      await queue.close();
      throw error;
    }
    return new BullMqMailQueue(queue, options, logger, redis);
  }

  async enqueue(message: MailMessage, options: { readonly jobId?: string } = {}): Promise<string> {
    this.assertOpen();
    const jobId = options.jobId ?? randomUUID();
    assertValidJobId(jobId);
    // BullMQ answers an add with a known id by returning the existing job unchanged
    await this.queue.add(JOB_NAME, { jobId, message }, { jobId: bullMqJobId(jobId) });
    return jobId;
  }

  async enqueueAll(jobs: readonly MailJobRequest[]): Promise<void> {
    this.assertOpen();
    for (const job of jobs) assertValidJobId(job.jobId);
    if (jobs.length === 0) return;
    // one pipeline of BullMQ's add scripts; each answers a known id with the existing job, unchanged
    await this.queue.addBulk(
      jobs.map((job) => ({ name: JOB_NAME, data: { jobId: job.jobId, message: job.message }, opts: { jobId: bullMqJobId(job.jobId) } })),
    );
  }

  async process(handler: MailHandler, options: { readonly concurrency?: number } = {}): Promise<MailConsumer> {
    this.assertOpen();
    const concurrency = options.concurrency ?? 1;
    assertValidConcurrency(concurrency);
    const worker = new Worker<MailJobData, void, string>(
      this.options.queueName,
      // attemptsMade counts the failed tries before this one
      (job) => handler(job.data.message, { jobId: job.data.jobId, attempt: job.attemptsMade + 1 }),
      { connection: { url: this.options.redisUrl }, concurrency, ...lockOptions(this.options.lockDurationMs) },
    );
    worker.on('failed', (job, error) => this.reportIfFinal(job, error));
    worker.on('error', (error) => this.redis.lost(error.message));
    void worker.client.then((client) => client.on('ready', () => this.redis.restored())).catch(() => undefined);
    const consumer = new BullMqConsumer(worker, () => this.consumers.delete(consumer));
    this.consumers.add(consumer);
    try {
      await worker.waitUntilReady();
    } catch (error) {
      await consumer.stop();
      throw error;
    }
    return consumer;
  }

  async deadLetters(limit: number): Promise<DeadLetter[]> {
    this.assertOpen();
    assertValidLimit(limit);
    // failed jobs kept in BullMQ's failed set (removeOnFail: false), newest first
    const jobs = await this.queue.getFailed(0, limit - 1);
    return jobs.map((job) => ({
      jobId: job.data.jobId,
      to: job.data.message.to,
      subject: job.data.message.subject,
      attempts: job.attemptsMade,
      lastError: job.failedReason,
      failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
    }));
  }

  async depth(): Promise<MailQueueDepth> {
    this.assertOpen();
    const counts = await this.queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed');
    const count = (state: string): number => counts[state] ?? 0;
    return { waiting: count('wait') + count('prioritized'), active: count('active'), delayed: count('delayed'), failed: count('failed') };
  }

  close(): Promise<void> {
    this.closing ??= Promise.all([...this.consumers].map((consumer) => consumer.stop())).then(() => this.queue.close());
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('Mail queue is closed');
  }

  private reportIfFinal(job: Job<MailJobData, void, string> | undefined, error: Error): void {
    if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    this.logger.error(givingUpMessage(job.data.jobId, job.attemptsMade, error));
  }
}

class BullMqConsumer implements MailConsumer {
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly worker: Worker<MailJobData, void, string>,
    private readonly detach: () => void,
  ) {}

  /** Worker.close() waits for the running handlers and takes no new job meanwhile. */
  stop(): Promise<void> {
    this.stopping ??= this.worker.close().finally(this.detach);
    return this.stopping;
  }
}

function lockOptions(lockDurationMs: number | undefined): { lockDuration?: number; stalledInterval?: number } {
  return lockDurationMs === undefined ? {} : { lockDuration: lockDurationMs, stalledInterval: lockDurationMs };
}

/**
 * BullMQ refuses custom ids that are integers or contain ':'; a prefix and URI encoding
 * make every string acceptable while keeping distinct ids distinct.
 */
function bullMqJobId(jobId: string): string {
  return `mail-${encodeURIComponent(jobId)}`;
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The URL may carry a password; an error message must not. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
