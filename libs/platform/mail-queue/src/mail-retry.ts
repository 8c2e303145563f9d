/** What both adapters need to know to retry a failing handler and to report giving up. */
export interface MailRetryOptions {
  /** tries per job, the first delivery included; at least 1 */
  readonly attempts: number;
  /** wait before the first retry; each further retry waits twice as long */
  readonly backoffMs: number;
  /** where jobs given up (and, with Redis, connection errors) are reported; Nest's Logger fits */
  readonly logger?: MailFailureLogger;
}

export interface MailFailureLogger {
  error(message: string): void;
}

/** The wait after the `failures`-th failure: BullMQ's 'exponential' backoff, so both adapters agree. */
export function retryDelayMs(backoffMs: number, failures: number): number {
  return Math.round(2 ** (failures - 1) * backoffMs);
}

export function givingUpMessage(jobId: string, attempts: number, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Mail job ${jobId} failed ${attempts} time(s) and is kept as failed: ${reason}`;
}
