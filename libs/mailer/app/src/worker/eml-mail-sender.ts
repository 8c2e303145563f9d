import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from '@tracker/platform/mail-queue';
import type { MailSender } from './mail-sender';
import { mimeMessage } from './mime-message';

/**
 * Embedded mode without SMTP: each mail is written as `<job id>.eml` under the directory
 * (RFC 5322, readable by any mail client), the same bytes an SMTP send would carry. One
 * file per job, written whole (a temporary name, then a rename), so a retried job replaces
 * its own file and never adds one.
 */
export class EmlMailSender implements MailSender {
  constructor(private readonly dir: string) {}

  async send(message: MailMessage, jobId: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const name = jobId.replace(/[^A-Za-z0-9@._-]/g, '_');
    const file = join(this.dir, `${name}.eml`);
    await writeFile(`${file}.tmp`, mimeMessage(message, new Date()));
    await rename(`${file}.tmp`, file);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
