import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The bench's stand-in for an MTA: counts what it accepted, keeps the last mail's bytes. */
export interface CountingSmtp {
  readonly url: string;
  /** mails accepted so far */
  accepted(): number;
  /** throws unless the last mail accepted parses as a bug mail to `to` */
  checkLastMail(to: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An SMTP server on loopback that accepts every mail and keeps only a count (and the last
 * mail's bytes). The write-path bench shares the 2 cores with it, as with the mailer, so it
 * does what an MTA's receiving side does and no more: the tests' server (`startLoopbackSmtp`)
 * parses every mail with mailparser, which cost this process ~0.7 ms of CPU per mail, more
 * than the mailer's own send (docs/benchmarks.md, 2026-11-28). What a mail says is the
 * tests' business (test/e2e/mail, the worker's specs); the bench checks the last one.
 */
export async function startCountingSmtp(): Promise<CountingSmtp> {
  let accepted = 0;
  let last: Buffer | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        accepted += 1;
        last = Buffer.concat(chunks);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  // a mailer stopped with sessions open resets them: not the bench's failure
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    checkLastMail: async (to) => {
      const mail = last ? await simpleParser(last) : undefined;
      const recipients = [mail?.to ?? []].flat().map((address) => address.text);
      if (!mail || !/^\[Bug \d+\]/.test(mail.subject ?? '') || !recipients.includes(to) || !mail.text || !mail.html) {
        throw new Error(`the last mail is not a bug mail to ${to}: ${last?.toString('utf8').slice(0, 2000) ?? '(none)'}`);
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
