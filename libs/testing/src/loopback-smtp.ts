import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on loopback for mail tests: it parses every mail it is sent and keeps those
 * it accepted (answered 250 on a connection still open: a sender that died before hearing
 * the answer did not deliver). It can refuse the first mails (451, so the sender retries) and
 * hold a mail's answer until the test lets it go (a send caught in the middle).
 */
export interface LoopbackSmtp {
  readonly url: string;
  readonly port: number;
  /** the accepted mails, in order */
  readonly received: ParsedMail[];
  /** how many mails were refused with 451 */
  refused(): number;
  /** connections open now: 0 once a killed sender's sockets are seen closed */
  openConnections(): number;
  stop(): Promise<void>;
}

export interface LoopbackSmtpOptions {
  /** a port chosen up front (the system under test is configured before the server starts); default any free port */
  readonly port?: number;
  /** refuse the first this many mails with 451 */
  readonly refuseFirst?: number;
  /** called with each mail before it is answered; the answer waits for the promise it returns */
  readonly beforeAnswer?: (mail: ParsedMail) => Promise<void> | void;
}

/** A port for a server started later: the range keeps clear of the test servers and of ephemeral ports. */
export function loopbackSmtpPort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

export async function startLoopbackSmtp(options: LoopbackSmtpOptions = {}): Promise<LoopbackSmtp> {
  const received: ParsedMail[] = [];
  const closedSessions = new Set<string>();
  // counted by the server's own callbacks: smtp-server forgets a connection a tick before it
  // calls onClose, and a held answer let go in between would count a mail nobody heard accepted
  const openSessions = new Set<string>();
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      openSessions.add(session.id);
      callback();
    },
    onClose(session) {
      closedSessions.add(session.id);
      openSessions.delete(session.id);
    },
    onData(stream, session, callback) {
      const answer = async (): Promise<void> => {
        const parsed = await simpleParser(stream);
        await options.beforeAnswer?.(parsed);
        if (refused < (options.refuseFirst ?? 0)) {
          refused += 1;
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        if (!closedSessions.has(session.id)) received.push(parsed);
        callback();
      };
      answer().catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  // a sender that dies (killed mid-send, or a process ending with pooled connections open)
  // resets its connections: smtp-server reports that as an error of the server, which without
  // a listener would crash the test process; the session's onClose has counted it already
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refused: () => refused,
    openConnections: () => openSessions.size,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
