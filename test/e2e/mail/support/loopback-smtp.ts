import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on loopback that keeps every mail it receives, parsed. */
export interface LoopbackSmtp {
  readonly url: string;
  readonly received: ParsedMail[];
  stop(): Promise<void>;
}

/** On a port chosen up front: the Tracker under test is configured (SMTP_URL) before its suite starts. */
export function loopbackSmtpPort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

export async function startLoopbackSmtp(port: number): Promise<LoopbackSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
