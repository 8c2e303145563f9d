/**
 * The mail queue: notification mail handed to a background consumer. Every enqueued
 * message reaches the handler once with its fields intact; a handler that throws is
 * retried with exponential backoff up to the configured attempts, then the job is kept
 * as failed and logged. A caller-chosen jobId makes enqueueing idempotent.
 */
export interface MailQueue {
  /**
   * jobId makes enqueueing idempotent: a second enqueue with the same jobId is a no-op
   * returning the same id, for as long as the first job is pending and for
   * MAIL_JOB_ID_RETENTION_MS after it completed. Any non-empty string is a valid jobId;
   * without one a fresh id is generated.
   */
  enqueue(message: MailMessage, options?: { readonly jobId?: string }): Promise<string>;
  /**
   * Several jobs in one call (one round trip to Redis), each idempotent as `enqueue` is:
   * a job id the queue holds, or one listed twice, queues one job. Atomic only per job: a
   * failure may leave some queued, and the caller queues them all again.
   */
  enqueueAll(jobs: readonly MailJobRequest[]): Promise<void>;
  /** starts consuming; a handler that throws is retried with exponential backoff up to `attempts` tries, then the job is kept as failed and logged */
  process(handler: MailHandler, options?: { readonly concurrency?: number }): Promise<MailConsumer>;
  /** the jobs that used up their attempts and are kept for an operator, the latest failure first, at most `limit` */
  deadLetters(limit: number): Promise<DeadLetter[]>;
  /** how many jobs are in each state now (the operator's queue-depth metric) */
  depth(): Promise<MailQueueDepth>;
  /** stops every consumer (waiting for their running handlers) and releases connections */
  close(): Promise<void>;
}

/** Jobs by state, at one instant. */
export interface MailQueueDepth {
  /** ready for a worker */
  readonly waiting: number;
  /** in a worker's hands */
  readonly active: number;
  /** waiting out a retry's back-off */
  readonly delayed: number;
  /** given up after their last attempt and kept for an operator (the dead letters) */
  readonly failed: number;
}

/** A mail given up after its last attempt: what an operator needs to decide what to do about it. */
export interface DeadLetter {
  readonly jobId: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly attempts: number;
  /** the last attempt's error message */
  readonly lastError: string;
  /** ISO-8601 UTC, when the last attempt failed */
  readonly failedAt: string;
}

export const MAIL_QUEUE = Symbol('MAIL_QUEUE');

export interface MailMessage {
  readonly to: readonly string[];
  readonly cc?: readonly string[];
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  /** the HTML alternative of `text` (multipart/alternative); absent: a text-only mail */
  readonly html?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A message to queue under its caller-chosen, deterministic id. */
export interface MailJobRequest {
  readonly jobId: string;
  readonly message: MailMessage;
}

export interface MailJobInfo {
  readonly jobId: string;
  /** 1 on the first delivery, 2 on the first retry, … */
  readonly attempt: number;
}

export type MailHandler = (message: MailMessage, info: MailJobInfo) => Promise<void>;

export interface MailConsumer {
  /** no new job is handed to this consumer; resolves once its running handlers have finished */
  stop(): Promise<void>;
}

/** How long a settled job's id still makes a repeated enqueue a no-op. */
export const MAIL_JOB_ID_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
