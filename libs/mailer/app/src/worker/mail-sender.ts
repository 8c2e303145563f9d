import type { MailMessage } from '@tracker/platform/mail-queue';

/**
 * Where the mail worker hands a queued mail: an SMTP server (`SMTP_URL`), or `.eml` files
 * under the data directory (embedded mode without SMTP). A send that throws is retried by
 * the queue with backoff; the same job always makes the same message (its Message-ID
 * included), so a retried or re-delivered job is recognisable downstream.
 */
export interface MailSender {
  send(message: MailMessage, jobId: string): Promise<void>;
  close(): Promise<void>;
}

export type MailDelivery =
  | { readonly kind: 'smtp'; readonly url: string }
  | { readonly kind: 'eml'; readonly dir: string }
  /** no consumer in this process: mail waits in the queue for a mailer that has one */
  | { readonly kind: 'none' };
