import type { EnvReader } from '@tracker/platform/config';
import type { MailQueueConfig } from '@tracker/platform/mail-queue';
import type { MailDelivery } from './worker/mail-sender';

/** What the mailer reads from the environment (listed in the README and docs/mail.md). */
export interface MailerOptions {
  /** the mails' From; its domain names the Message-IDs */
  readonly from: string;
  /** Bugzilla's globalwatchers: logins that get every bug mail */
  readonly globalWatchers: readonly string[];
  /** how long a recorded change rests before it is mailed, so that an append split across two batches is mailed whole */
  readonly settleMs: number;
  /** how often the dispatcher looks for recorded changes: each look costs the mailer a statement, each batch six and a request to identity, so mail, which may wait, waits for bigger batches */
  readonly pollMs: number;
  /** where the mail workers send: SMTP, `.eml` files, or nowhere (no worker in this process) */
  readonly delivery: MailDelivery;
  /** sends at a time per process */
  readonly concurrency: number;
}

export const MAILER_OPTIONS = Symbol('MAILER_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readMailerOptions(env: EnvReader, emlDir: string | null): MailerOptions {
  const from = env.string('TRACKER_MAIL_FROM', 'tracker@localhost').trim();
  if (!/^[^@\s]+@[^@\s]+$/.test(from)) env.invalid('TRACKER_MAIL_FROM', from, 'must be an address like tracker@example.com');
  return {
    from,
    globalWatchers: env
      .stringAllowingEmpty('TRACKER_MAIL_GLOBAL_WATCHERS', '')
      .split(',')
      .map((login) => login.trim())
      .filter((login) => login !== ''),
    settleMs: env.int('TRACKER_MAIL_SETTLE_MS', 200, { min: 0, max: 60_000 }),
    pollMs: env.int('TRACKER_MAIL_POLL_MS', 500, { min: 10, max: 60_000 }),
    delivery: readDelivery(env, emlDir),
    concurrency: env.int('TRACKER_MAIL_CONCURRENCY', 4, { min: 1, max: 100 }),
  };
}

/**
 * The mail queue's settings: BullMQ on `TRACKER_REDIS_URL` for the distributed mailer, in
 * process for the embedded one; both retry a failed send with exponential backoff.
 */
export function readMailQueueConfig(env: EnvReader, adapter: MailQueueConfig['adapter']): MailQueueConfig {
  const attempts = env.int('TRACKER_MAIL_ATTEMPTS', 5, { min: 1, max: 50 });
  const backoffMs = env.int('TRACKER_MAIL_BACKOFF_MS', 1000, { min: 0, max: 3_600_000 });
  if (adapter === 'in-process') return { adapter, attempts, backoffMs };
  return {
    adapter,
    attempts,
    backoffMs,
    redisUrl: env.url('TRACKER_REDIS_URL', 'redis://127.0.0.1:6379', ['redis', 'rediss']),
    queueName: env.string('TRACKER_MAIL_QUEUE_NAME', 'tracker-mail'),
    lockDurationMs: env.int('TRACKER_MAIL_LOCK_MS', 30_000, { min: 100, max: 3_600_000 }),
  };
}

/** `SMTP_URL` when set; otherwise `.eml` files in `emlDir` (embedded mode) or no worker at all (distributed). */
function readDelivery(env: EnvReader, emlDir: string | null): MailDelivery {
  const url = env.optionalString('SMTP_URL');
  if (url !== undefined) return { kind: 'smtp', url: env.url('SMTP_URL', url, ['smtp', 'smtps']) };
  return emlDir === null ? { kind: 'none' } : { kind: 'eml', dir: emlDir };
}
