import { z } from 'zod';
import * as param from '../params/param-types';

/**
 * An operator's view of the mail that could not be sent (docs/mail.md §5): the jobs that
 * used up their attempts, the latest failure first. Admin only (a dead letter names its
 * recipient). REST: `GET /rest/health/mailer/dead_letters?limit=N` (a Tracker extension).
 */
export const LIST_DEAD_LETTERS_SUBJECT = 'mailer.admin.dead-letters';

/** How many are listed when the caller does not say; at most DEAD_LETTERS_MAX. */
export const DEAD_LETTERS_DEFAULT = 100;
export const DEAD_LETTERS_MAX = 1000;

export const listDeadLettersParams = z.object({ limit: param.optional(param.int()) });
export type ListDeadLettersParams = z.infer<typeof listDeadLettersParams>;

export interface DeadLetterView {
  readonly job_id: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly attempts: number;
  readonly last_error: string;
  /** ISO-8601 UTC */
  readonly failed_at: string;
}

export interface ListDeadLettersResult {
  readonly dead_letters: readonly DeadLetterView[];
}
