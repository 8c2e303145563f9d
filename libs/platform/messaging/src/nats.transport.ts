import type { MessageHandler, MsPattern, NatsContext, NatsOptions, PacketId, ReadPacket, WritePacket } from '@nestjs/microservices';
import { ClientNats, ServerNats } from '@nestjs/microservices';
import { type Msg, type MsgHdrs, type NatsConnection, createInbox, Empty, headers as natsHeaders } from 'nats';
import { ErrorCode } from '@tracker/contracts';
import type { EndpointHandler, MessageEndpoints } from './message-endpoints';
import { BODY_HEADER, ChunkAssembler, chunkBytes, isChunk, isNoResponders, publishChunks } from './nats-chunks';
import { serveOnNats } from './nats-endpoint';
import { NoRespondersError, messageOf } from './transport-errors';

type NatsClientOptions = Required<NatsOptions>['options'];
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
 */
export class PrefixedNatsServer extends ServerNats {
  private connection: NatsConnection | undefined;

  constructor(
    options: NatsClientOptions,
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler?: boolean, extras?: Record<string, unknown>): void {
    super.addHandler(`${this.subjectPrefix}${this.normalizePattern(pattern as MsPattern)}`, callback, isEventHandler, extras);
  }

  override async createNatsClient(): Promise<NatsConnection> {
    this.connection = (await super.createNatsClient()) as NatsConnection;
    return this.connection;
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    try {
      const bodySubject = natsMsg.headers?.get(BODY_HEADER);
      const message: Received = bodySubject ? withData(natsMsg, await this.fetchBody(bodySubject)) : natsMsg;
      return await super.handleMessage(channel, message);
    } catch (error) {
      this.logger.error(`a message on ${channel} could not be handled: ${messageOf(error)}`);
      answerFailure(natsMsg, undefined, `The message on '${channel}' could not be handled: ${messageOf(error)}.`);
      return undefined;
    }
  }

  override getPublisher(natsMsg: Received, id: string, ctx: NatsContext): (response: WritePacket) => void {
    const replyTo = natsMsg.reply;
    if (!replyTo) return () => undefined;
    return (response) => {
      try {
        const { data, headers } = this.serializer.serialize(Object.assign(response, { id })) as Serialized;
        this.onProcessingEndHook?.(this.transportId, ctx);
        if (this.connection && data.length > chunkBytes(this.connection)) publishChunks(this.connection, replyTo, data);
        else natsMsg.respond(data, headers ? { headers } : undefined);
      } catch (error) {
        this.logger.error(`the answer on ${natsMsg.subject} could not be sent: ${messageOf(error)}`);
        answerFailure(natsMsg, id, `The answer of '${natsMsg.subject}' could not be sent: ${messageOf(error)}.`);
      }
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

export class PrefixedNatsClient extends ClientNats implements MessageEndpoints {
  constructor(
    options: NatsClientOptions,
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  async serve<Params, Result>(subject: string, handler: EndpointHandler<Params, Result>): Promise<() => void> {
    await this.connect();
    const connection = this.natsClient as NatsConnection;
    const stop = serveOnNats(connection, `${this.subjectPrefix}${subject}`, handler as EndpointHandler);
    await connection.flush(); // subscribed at the server before anyone is told the subject
    return stop;
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.subjectPrefix}${super.normalizePattern(pattern)}`;
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    try {
      const connection = this.natsClient as NatsConnection;
      const packet = this.assignPacketId(partialPacket);
      const channel = this.normalizePattern(partialPacket.pattern as MsPattern);
      const serialized = this.serializer.serialize(packet) as Serialized;
      const inbox = createInbox(this.options.inboxPrefix);
      const handler = this.createSubscriptionHandler(packet, callback);
      const subscription = connection.subscribe(inbox, {
        // an answer that cannot even be decoded is the caller's error, not an unhandled rejection
        callback: (error, message) =>
          void handler(error ?? undefined, { message }).catch((err: unknown) => callback({ err, isDisposed: true })),
      });
      const headers = this.mergeHeaders(serialized.headers) as MsgHdrs | undefined;
      if (serialized.data.length <= chunkBytes(connection)) {
        connection.publish(channel, serialized.data, { reply: inbox, ...(headers ? { headers } : {}) });
        return () => subscription.unsubscribe();
      }
      const offer = offerBody(connection, serialized.data, this.options.inboxPrefix);
      const offered = headers ?? natsHeaders();
      offered.set(BODY_HEADER, offer.subject);
      connection.publish(channel, Empty, { reply: inbox, headers: offered });
      return () => {
        subscription.unsubscribe();
        offer.withdraw();
      };
    } catch (err) {
      callback({ err });
      return () => undefined;
    }
  }

  /** Nest's handler of the caller's inbox, taking chunks and NATS's `no responders` status first. */
  override createSubscriptionHandler(
    packet: ReadPacket & PacketId,
    callback: (packet: WritePacket) => void,
  ): (error: string | Error | undefined, received: { message?: Msg }) => Promise<unknown> {
    const nestHandler = super.createSubscriptionHandler(packet, callback);
    const handle = (error: string | Error | undefined, message: object): Promise<unknown> => nestHandler(error, message);
    let assembler: ChunkAssembler | undefined;
    return async (error, { message: natsMsg }) => {
      if (error || !natsMsg) return handle(error, natsMsg ?? {});
      if (isNoResponders(natsMsg)) return callback({ err: new NoRespondersError(String(packet.pattern)), isDisposed: true });
      if (!isChunk(natsMsg)) return handle(error, natsMsg);
      try {
        assembler ??= new ChunkAssembler();
        const whole = assembler.add(natsMsg);
        if (!whole) return undefined;
        assembler = undefined;
        return await handle(undefined, { data: whole });
      } catch (failure) {
        return callback({ err: failure, isDisposed: true });
      }
    };
  }
}

/** Serves the body of a large request, in chunks, to the one server that asks for it. */
function offerBody(
  connection: NatsConnection,
  data: Uint8Array,
  inboxPrefix: string | undefined,
): { subject: string; withdraw: () => void } {
  const subject = createInbox(inboxPrefix);
  const subscription = connection.subscribe(subject, {
    max: 1,
    callback: (error, message) => {
      if (!error && message.reply) publishChunks(connection, message.reply, data);
    },
  });
  return { subject, withdraw: () => subscription.unsubscribe() };
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
