import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '@tracker/platform/mail-queue';
import { type MailSender, nodemailerOptions } from './mail-sender';

/** Sends by SMTP with nodemailer (pooled connections to `SMTP_URL`). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(url: string) {
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(nodemailerOptions(message));
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
