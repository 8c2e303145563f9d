import type { MessageHandler, MsPattern, NatsContext, WritePacket } from '@nestjs/microservices';
import { ServerNats } from '@nestjs/microservices';
import { type Msg, type MsgHdrs, type NatsConnection, type Subscription, createInbox, Empty } from 'nats';
import { ErrorCode } from '@tracker/contracts';
import { continueTrace } from '@tracker/platform/tracing';
import { BODY_HEADER, ChunkAssembler, chunkBytes, isNoResponders, publishChunks } from './nats-chunks';
import { type NatsClientOptions, connectPatiently } from './nats-connection-options';
import { InFlightWork } from './in-flight-work';
import { messageOf } from './transport-errors';
import { natsTraceCarrier } from './nats-trace-headers';

type Serialized = { readonly data: Uint8Array; readonly headers?: MsgHdrs };
/** What the Nest handlers read of a received message. */
type Received = Pick<Msg, 'subject' | 'reply' | 'headers' | 'data' | 'respond'>;

/** How long a server waits for the body of a large request it was offered. */
const BODY_TIMEOUT_MS = 15_000;

/**
 * NATS request/reply through @nestjs/microservices. Subjects carry a deployment prefix
 * (`tracker.` by default) so that several Trackers, or parallel test runs, can share one
 * NATS server without answering each other's requests.
 *
 * Neither side is bounded by the server's max_payload (nats-chunks.ts): a large reply is
 * sent as chunks to the caller's inbox; a large request is offered (a small message
 * naming a private subject) and the server that takes it fetches the body in chunks, so
 * the chunks all reach the one replica that handles it. Every failure to receive or to
 * answer is answered as an error (never thrown: a throw there would end the process).
 *
 * `drain()` is the first step of a graceful shutdown: no new message, every one in hand
 * answered; `close()` then ends the connection (docs/operations-guide.md, "Lifecycle").
 */
export class PrefixedNatsServer extends ServerNats {
  private connection: NatsConnection | undefined;
  private readonly closing = new AbortController();
  /** Nest keeps its own subscriptions private: these are recorded as they are made, to be drained */
  private readonly drainable: Subscription[] = [];
  private readonly inFlight = new InFlightWork();
  /** per request being handled, what marks it answered (Nest sends the reply after `handleMessage` resolves) */
  private readonly answered = new WeakMap<Received, () => void>();
  /** requests Nest made a publisher for: only those will be answered (an event with a reply subject is not) */
  private readonly answering = new WeakSet<Received>();

  constructor(
    options: NatsClientOptions,
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler?: boolean, extras?: Record<string, unknown>): void {
    super.addHandler(`${this.subjectPrefix}${this.normalizePattern(pattern as MsPattern)}`, callback, isEventHandler, extras);
  }

  /** Waits for NATS at start for as long as it takes (a service started before NATS answers once it is there). */
  override async createNatsClient(): Promise<NatsConnection> {
    this.connection = await connectPatiently(() => super.createNatsClient() as Promise<NatsConnection>, this.closing.signal);
    return this.connection;
  }

  override bindEvents(client: NatsConnection): void {
    const recording = Object.create(client) as NatsConnection;
    recording.subscribe = (subject, options) => {
      const subscription = client.subscribe(subject, options);
      this.drainable.push(subscription);
      return subscription;
    };
    super.bindEvents(recording);
  }

  /**
   * Takes no new message (each subscription is drained: NATS hands the next requests to the
   * other replicas of the queue group, and the messages already on their way here are still
   * handled), then waits up to `timeoutMs` until every message in hand is answered.
   * Resolves false if some were still unanswered then.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    const subscriptions = this.drainable.splice(0);
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    return this.inFlight.idle(timeoutMs);
  }

  /** How many messages are being handled now. */
  get messagesInFlight(): number {
    return this.inFlight.size;
  }

  override async close(): Promise<void> {
    this.closing.abort();
    await super.close();
  }

  override handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    return this.inFlight.track(() => this.handleUntilAnswered(channel, natsMsg));
  }

  private async handleUntilAnswered(channel: string, natsMsg: Msg): Promise<unknown> {
    try {
      const bodySubject = natsMsg.headers?.get(BODY_HEADER);
      const message: Received = bodySubject ? withData(natsMsg, await this.fetchBody(bodySubject)) : natsMsg;
      // the handler (and its server span, ServiceReplyInterceptor) runs in the caller's trace
      const handle = (): Promise<unknown> => continueTrace(natsTraceCarrier(natsMsg.headers), () => super.handleMessage(channel, message));
      if (!message.reply) return await handle();
      const answered = new Promise<void>((resolve) => this.answered.set(message, resolve));
      await handle();
      if (this.answering.has(message)) await answered;
      return undefined;
    } catch (error) {
      this.logger.error(`a message on ${channel} could not be handled: ${messageOf(error)}`);
      answerFailure(natsMsg, undefined, `The message on '${channel}' could not be handled: ${messageOf(error)}.`);
      return undefined;
    }
  }

  override getPublisher(natsMsg: Received, id: string, ctx: NatsContext): (response: WritePacket) => void {
    const replyTo = natsMsg.reply;
    if (!replyTo) return () => undefined;
    this.answering.add(natsMsg);
    return (response) => {
      // the last packet of an answer is disposed, or an error (no handler for the subject)
      const last = response.isDisposed === true || response.err !== undefined;
      try {
        const { data, headers } = this.serializer.serialize(Object.assign(response, { id })) as Serialized;
        this.onProcessingEndHook?.(this.transportId, ctx);
        if (this.connection && data.length > chunkBytes(this.connection)) publishChunks(this.connection, replyTo, data);
        else natsMsg.respond(data, headers ? { headers } : undefined);
      } catch (error) {
        this.logger.error(`the answer on ${natsMsg.subject} could not be sent: ${messageOf(error)}`);
        answerFailure(natsMsg, id, `The answer of '${natsMsg.subject}' could not be sent: ${messageOf(error)}.`);
      }
      if (last) this.answered.get(natsMsg)?.();
    };
  }

  private fetchBody(subject: string): Promise<Uint8Array> {
    const connection = this.connection;
    if (!connection) return Promise.reject(new Error('not connected to NATS'));
    return new Promise((resolve, reject) => {
      const assembler = new ChunkAssembler();
      const inbox = createInbox();
      const finish = (settle: () => void): void => {
        clearTimeout(timer);
        subscription.unsubscribe();
        settle();
      };
      const subscription = connection.subscribe(inbox, {
        callback: (error, message) => {
          try {
            if (error) throw error;
            if (isNoResponders(message)) throw new Error('the caller left before sending the body');
            const whole = assembler.add(message);
            if (whole) finish(() => resolve(whole));
          } catch (failure) {
            finish(() => reject(failure instanceof Error ? failure : new Error(String(failure))));
          }
        },
      });
      const timer = setTimeout(() => finish(() => reject(new Error('the request body did not arrive in time'))), BODY_TIMEOUT_MS);
      connection.publish(subject, Empty, { reply: inbox });
    });
  }
}

function withData(message: Msg, data: Uint8Array): Received {
  return {
    subject: message.subject,
    reply: message.reply,
    headers: message.headers,
    data,
    respond: (payload, options) => message.respond(payload, options),
  };
}

/** Answers a request that could not be handled, so that its caller hears why instead of waiting. */
function answerFailure(message: Received, id: string | undefined, why: string): void {
  if (!message.reply) return;
  try {
    const reply = {
      ...(id === undefined ? {} : { id }),
      response: { ok: false, error: { code: ErrorCode.internalError, message: why } },
      isDisposed: true,
    };
    message.respond(new TextEncoder().encode(JSON.stringify(reply)));
  } catch {
    // the connection is gone: the caller's own timeout tells it
  }
}
