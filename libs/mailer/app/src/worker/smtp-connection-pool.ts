import { Logger } from '@nestjs/common';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/**
 * At most `size` kept-open SMTP sessions to `SMTP_URL` (nodemailer's SMTP client, with its
 * PIPELINING, dot-stuffing and AUTH), one message at a time on each. A message is handed over
 * as bytes already built; nodemailer's pooled transport would build it again as a MIME tree
 * and stream it through a pipeline, several times the CPU of the send itself. A session that
 * failed a send or that the server closed is dropped, never reused: the next send opens a
 * fresh one, so a half-finished transaction can never carry into the next mail.
 */
export class SmtpConnectionPool {
  private readonly logger = new Logger('SmtpConnectionPool');
  private readonly options: SMTPConnection.Options;
  private readonly auth: SMTPConnection.Credentials | undefined;
  private readonly idle: SMTPConnection[] = [];
  private readonly waiting: Array<() => void> = [];
  private readonly dead = new WeakSet<SMTPConnection>();
  private open = 0;
  private closed = false;

  constructor(
    url: string,
    private readonly size: number,
  ) {
    const { auth, ...options } = parseConnectionUrl(url) as SMTPConnection.Options & { auth?: SMTPConnection.Credentials };
    this.options = options;
    this.auth = auth?.user ? auth : undefined;
  }

  /** Resolves once the server accepted the message (its answer to the data); rejects with its refusal otherwise. */
  async send(envelope: { readonly from: string; readonly to: readonly string[] }, raw: Buffer): Promise<void> {
    const connection = await this.acquire();
    try {
      await new Promise<void>((resolve, reject) =>
        connection.send({ from: envelope.from, to: [...envelope.to] }, raw, (error) => (error ? reject(error) : resolve())),
      );
    } catch (error) {
      this.drop(connection);
      throw error;
    }
    this.release(connection);
  }

  close(): void {
    this.closed = true;
    for (const connection of this.idle.splice(0)) this.drop(connection);
  }

  private async acquire(): Promise<SMTPConnection> {
    for (;;) {
      if (this.closed) throw new Error('the SMTP connection pool is closed');
      const idle = this.idle.pop();
      if (idle) return idle;
      if (this.open < this.size) return this.connect();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private async connect(): Promise<SMTPConnection> {
    this.open += 1;
    const connection = new SMTPConnection(this.options);
    // a session the server ends while idle (its timeout) is dropped; the error is the next send's to report
    connection.on('error', (error: Error) => {
      this.logger.warn(`SMTP session ended: ${error.message}`);
      this.drop(connection);
    });
    connection.once('end', () => this.drop(connection));
    try {
      await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
      const auth = this.auth;
      if (auth) await new Promise<void>((resolve, reject) => connection.login(auth, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      this.drop(connection);
      throw error;
    }
    return connection;
  }

  private release(connection: SMTPConnection): void {
    if (this.dead.has(connection)) return;
    if (this.closed) return this.drop(connection);
    this.idle.push(connection);
    this.waiting.shift()?.();
  }

  /** Counted out once, whichever of the failure, the server's end or close comes first. */
  private drop(connection: SMTPConnection): void {
    if (this.dead.has(connection)) return;
    this.dead.add(connection);
    this.open -= 1;
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    connection.quit();
    this.waiting.shift()?.();
  }
}
