import type { MailMessage } from '@tracker/platform/mail-queue';
import type { SendMailOptions } from 'nodemailer';

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

const THREADING = ['Message-ID', 'In-Reply-To', 'References'];

/** nodemailer's options: the threading headers go where nodemailer expects them, so it does not make its own. */
export function nodemailerOptions(message: MailMessage): SendMailOptions {
  const headers = message.headers ?? {};
  return {
    from: message.from,
    to: [...message.to],
    ...(message.cc ? { cc: [...message.cc] } : {}),
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(headers['Message-ID'] ? { messageId: headers['Message-ID'] } : {}),
    ...(headers['In-Reply-To'] ? { inReplyTo: headers['In-Reply-To'] } : {}),
    ...(headers['References'] ? { references: headers['References'] } : {}),
    headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !THREADING.includes(name))),
  };
}
