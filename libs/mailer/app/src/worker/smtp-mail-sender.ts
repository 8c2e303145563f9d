import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '@tracker/platform/mail-queue';
import { type MailSender, nodemailerOptions } from './mail-sender';

/**
 * Sends by SMTP with nodemailer to `SMTP_URL`, over a pool of at most `connections` kept-open
 * connections (one per concurrent send): a connection per mail cost the mailer a TCP
 * handshake, a greeting, EHLO and QUIT each time. The message is built whole in memory
 * first and handed over as one buffer: streamed, nodemailer writes each MIME piece to the
 * socket on its own, a system call each. A send still resolves only once the server
 * accepted the mail (its 250 to DATA), so what the queue records done is the same.
 */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;
  private readonly composer: Transporter;

  constructor(url: string, connections = 1) {
    this.transport = createTransport({ url, pool: true, maxConnections: connections });
    this.composer = createTransport({ streamTransport: true, buffer: true });
  }

  async send(message: MailMessage): Promise<void> {
    const built = (await this.composer.sendMail(nodemailerOptions(message))) as { message: Buffer };
    const envelope = { from: message.from, to: [...message.to, ...(message.cc ?? [])] };
    await this.transport.sendMail({ envelope, raw: built.message });
  }

  close(): Promise<void> {
    this.transport.close();
    this.composer.close();
    return Promise.resolve();
  }
}
