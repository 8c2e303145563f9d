import type { MailMessage } from '@tracker/platform/mail-queue';
import type { MailSender } from './mail-sender';
import { mimeMessage } from './mime-message';
import { SmtpConnectionPool } from './smtp-connection-pool';

/**
 * Sends by SMTP to `SMTP_URL` over at most `connections` kept-open sessions (one per
 * concurrent send): a session per mail cost the mailer a TCP handshake, a greeting, EHLO and
 * QUIT each time. The message is built whole first (mime-message.ts) and written as one
 * buffer. A send resolves only once the server accepted the mail (its 250 to the data), so
 * what the queue records done is the same as with nodemailer's transport.
 */
export class SmtpMailSender implements MailSender {
  private readonly pool: SmtpConnectionPool;

  constructor(url: string, connections = 1) {
    this.pool = new SmtpConnectionPool(url, connections);
  }

  async send(message: MailMessage): Promise<void> {
    const envelope = { from: message.from, to: [...message.to, ...(message.cc ?? [])] };
    await this.pool.send(envelope, mimeMessage(message, new Date()));
  }

  close(): Promise<void> {
    this.pool.close();
    return Promise.resolve();
  }
}
