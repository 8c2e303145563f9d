import type { MailQueue } from '../mail-queue.port';
import type { MailRetryOptions } from '../mail-retry';
import type { Delivery } from './mail-recording';

/** Opens a fresh, empty queue for one test (3 attempts, 10 ms backoff unless overridden); the contract disposes it. */
export type OpenQueue = (options?: Partial<MailRetryOptions>) => Promise<OpenedQueue>;

export interface OpenedQueue {
  readonly queue: MailQueue;
  /** what the queue logged through its logger: one line per job given up */
  readonly logged: string[];
}

/** How long a test watches for something that must not happen. */
export const QUIET_MS = 300;

export const subjects = (deliveries: readonly Delivery[]): string[] => deliveries.map((d) => d.message.subject);
