import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { DeadLetter, MailConsumer, MailHandler, MailJobRequest, MailMessage, MailQueue, MailQueueDepth } from './mail-queue.port';
import { MAIL_JOB_ID_RETENTION_MS } from './mail-queue.port';
import { assertValidConcurrency, assertValidJobId, assertValidLimit, assertValidRetryOptions } from './mail-queue.validation';
import { type MailFailureLogger, type MailRetryOptions, givingUpMessage, retryDelayMs } from './mail-retry';

interface PendingJob {
  readonly id: string;
  readonly message: MailMessage;
  failures: number;
}

/** The dead letters kept in memory: the latest ones, as a bounded list (they do not survive the process anyway). */
const DEAD_LETTERS_KEPT = 1000;

/** Forgetting old job ids costs a scan of all of them, so it runs at most this often. */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * The mail queue in memory, for embedded mode and tests: the same delivery, retry and
 * idempotency rules as the BullMQ adapter, with timers instead of Redis. Jobs do not
 * survive the process; a job still waiting when the queue closes is dropped.
 */
export class InProcessMailQueue implements MailQueue {
  private readonly ready: PendingJob[] = [];
  /** every job id seen: undefined while its job is pending, the settle time afterwards */
  private readonly ids = new Map<string, number | undefined>();
  private readonly consumers = new Set<InProcessConsumer>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  /** oldest first */
  private readonly dead: DeadLetter[] = [];
  private readonly logger: MailFailureLogger;
  private lastPrune = Date.now();
  private closed = false;

  constructor(private readonly options: MailRetryOptions) {
    assertValidRetryOptions(options);
    this.logger = options.logger ?? new Logger('MailQueue');
  }

  /** Works in a later microtask, so a bad argument rejects and no handler runs inside the caller. */
  enqueue(message: MailMessage, options: { readonly jobId?: string } = {}): Promise<string> {
    return Promise.resolve().then(() => {
      this.assertOpen();
      const id = options.jobId ?? randomUUID();
      assertValidJobId(id);
      if (this.ids.has(id)) return id;
      this.ids.set(id, undefined);
      // a copy, so that the caller changing its object later cannot change the mail
      this.ready.push({ id, message: structuredClone(message), failures: 0 });
      this.dispatch();
      return id;
    });
  }

  async enqueueAll(jobs: readonly MailJobRequest[]): Promise<void> {
    for (const job of jobs) await this.enqueue(job.message, { jobId: job.jobId });
  }

  process(handler: MailHandler, options: { readonly concurrency?: number } = {}): Promise<MailConsumer> {
    return Promise.resolve().then(() => {
      this.assertOpen();
      const concurrency = options.concurrency ?? 1;
      assertValidConcurrency(concurrency);
      const consumer = new InProcessConsumer(handler, concurrency, () => this.consumers.delete(consumer));
      this.consumers.add(consumer);
      this.dispatch();
      return consumer;
    });
  }

  async close(): Promise<void> {
    // a second close finds nothing left to stop
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.ready.length = 0;
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
  }

  private dispatch(): void {
    for (const consumer of this.consumers) {
      while (consumer.hasCapacity()) {
        const job = this.ready.shift();
        if (!job) return;
        void consumer.run(() => this.deliver(consumer.handler, job)).finally(() => this.dispatch());
      }
    }
  }

  private async deliver(handler: MailHandler, job: PendingJob): Promise<void> {
    try {
      await handler(job.message, { jobId: job.id, attempt: job.failures + 1 });
      this.settle(job.id);
    } catch (error) {
      this.retryOrGiveUp(job, error);
    }
  }

  private retryOrGiveUp(job: PendingJob, error: unknown): void {
    job.failures += 1;
    if (job.failures >= this.options.attempts) {
      this.settle(job.id);
      this.bury(job, error);
      this.logger.error(givingUpMessage(job.id, job.failures, error));
      return;
    }
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.retryTimers.delete(timer);
        this.ready.push(job);
        this.dispatch();
      },
      retryDelayMs(this.options.backoffMs, job.failures),
    );
    this.retryTimers.add(timer);
  }

  deadLetters(limit: number): Promise<DeadLetter[]> {
    return Promise.resolve().then(() => {
      this.assertOpen();
      assertValidLimit(limit);
      return this.dead.slice(-limit).reverse();
    });
  }

  depth(): Promise<MailQueueDepth> {
    return Promise.resolve().then(() => {
      this.assertOpen();
      const active = [...this.consumers].reduce((sum, consumer) => sum + consumer.runningCount, 0);
      return { waiting: this.ready.length, active, delayed: this.retryTimers.size, failed: this.dead.length };
    });
  }

  private bury(job: PendingJob, error: unknown): void {
    const { to, subject } = job.message;
    const lastError = error instanceof Error ? error.message : String(error);
    this.dead.push({ jobId: job.id, to, subject, attempts: job.failures, lastError, failedAt: new Date().toISOString() });
    if (this.dead.length > DEAD_LETTERS_KEPT) this.dead.shift();
  }

  private settle(id: string): void {
    const now = Date.now();
    this.ids.set(id, now);
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    for (const [known, settledAt] of this.ids) {
      if (settledAt !== undefined && now - settledAt > MAIL_JOB_ID_RETENTION_MS) this.ids.delete(known);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Mail queue is closed');
  }
}

/** One process() call: at most `concurrency` handlers at a time, until stopped. */
class InProcessConsumer implements MailConsumer {
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    readonly handler: MailHandler,
    private readonly concurrency: number,
    private readonly detach: () => void,
  ) {}

  get runningCount(): number {
    return this.running.size;
  }

  hasCapacity(): boolean {
    return !this.stopped && this.running.size < this.concurrency;
  }

  /** `work` never rejects: deliver() turns every handler failure into a retry. */
  run(work: () => Promise<void>): Promise<void> {
    const running = work().finally(() => this.running.delete(running));
    this.running.add(running);
    return running;
  }

  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.detach();
    }
    await Promise.all([...this.running]);
  }
}
