import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '@tracker/platform/mail-queue';
import { type MailSender, nodemailerOptions } from './mail-sender';

/**
 * Sends by SMTP with nodemailer to `SMTP_URL`, over a pool of at most `connections` kept-open
 * connections (one per concurrent send): a connection per mail cost the mailer a TCP
 * handshake, a greeting, EHLO and QUIT each time. A send still resolves only once the
 * server accepted the mail (its 250 to DATA), so what the queue records done is the same.
 */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(url: string, connections = 1) {
    this.transport = createTransport({ url, pool: true, maxConnections: connections });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(nodemailerOptions(message));
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
