import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '@tracker/platform/mail-queue';
import { type MailSender, nodemailerOptions } from './mail-sender';

/**
 * Embedded mode without SMTP: each mail is written as `<job id>.eml` under the directory
 * (RFC 5322, readable by any mail client). One file per job, written whole (a temporary
 * name, then a rename), so a retried job replaces its own file and never adds one.
 */
export class EmlMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(private readonly dir: string) {
    this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage, jobId: string): Promise<void> {
    const info = (await this.transport.sendMail(nodemailerOptions(message))) as { message: Buffer };
    await mkdir(this.dir, { recursive: true });
    const name = jobId.replace(/[^A-Za-z0-9@._-]/g, '_');
    const file = join(this.dir, `${name}.eml`);
    await writeFile(`${file}.tmp`, info.message);
    await rename(`${file}.tmp`, file);
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
