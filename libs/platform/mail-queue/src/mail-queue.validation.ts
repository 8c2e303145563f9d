import type { MailRetryOptions } from './mail-retry';

/** Both adapters refuse the same bad arguments, so a mistake shows in embedded mode too. */
export function assertValidRetryOptions(options: MailRetryOptions): void {
  if (!Number.isInteger(options.attempts) || options.attempts < 1) {
    throw new Error(`Mail queue attempts must be an integer of at least 1, not ${options.attempts}`);
  }
  if (!Number.isFinite(options.backoffMs) || options.backoffMs < 0) {
    throw new Error(`Mail queue backoffMs must be a non-negative number, not ${options.backoffMs}`);
  }
}

export function assertValidConcurrency(concurrency: number): void {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`Mail queue concurrency must be an integer of at least 1, not ${concurrency}`);
  }
}

export function assertValidLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Dead-letter limit must be an integer of at least 1, not ${limit}`);
}

export function assertValidJobId(jobId: string): void {
  if (jobId.length === 0) throw new Error('Mail job id must not be empty');
}
