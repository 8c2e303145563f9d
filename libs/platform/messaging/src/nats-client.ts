import type { MsPattern, PacketId, ReadPacket, WritePacket } from '@nestjs/microservices';
import { ClientNats } from '@nestjs/microservices';
import {
  Events,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  ErrorCode as NatsErrorCode,
  createInbox,
  Empty,
  headers as natsHeaders,
} from 'nats';
import { ANONYMOUS, type ServiceName, healthSubject } from '@tracker/contracts';
import { ConnectionState } from './connection-states';
import type { EndpointHandler, MessageEndpoints } from './message-endpoints';
import { BODY_HEADER, ChunkAssembler, chunkBytes, isChunk, isNoResponders, offerBody } from './nats-chunks';
import { type NatsClientOptions, connectPatiently } from './nats-connection-options';
import { serveOnNats } from './nats-endpoint';
import { withTraceHeaders } from './nats-trace-headers';
import { PendingRequests } from './pending-requests';
import { NoRespondersError } from './transport-errors';

type Serialized = { readonly data: Uint8Array; readonly headers?: MsgHdrs };

/** How long a probe of a service's health may take before the service is presumed still there. */
const PROBE_TIMEOUT_MS = 2000;
/** How long a request waits for the very first connection before it is refused as unreachable. */
const FIRST_CONNECTION_WAIT_MS = 250;

/**
 * The caller's side of NATS request/reply (nats.transport.ts has the server's). Requests
 * in flight fail at once when their answer can no longer come (PendingRequests): when
 * this process loses NATS, and when no process of the service they went to is left.
 */
export class PrefixedNatsClient extends ClientNats implements MessageEndpoints {
  /** this process's connection to NATS, for its health reply */
  readonly connection = new ConnectionState('nats', undefined);
  private readonly pending: PendingRequests;
  private readonly closing = new AbortController();

  constructor(
    options: NatsClientOptions,
    private readonly subjectPrefix: string,
    probeAfterMs?: number,
  ) {
    super(options);
    this.pending = new PendingRequests((service) => this.answers(service as ServiceName), probeAfterMs);
  }

  override async handleStatusUpdates(client: NatsConnection): Promise<void> {
    void this.watchStatus(client);
    await super.handleStatusUpdates(client);
  }

  override async close(): Promise<void> {
    this.closing.abort();
    this.pending.close();
    await super.close();
  }

  override createClient(): Promise<NatsConnection> {
    return connectPatiently(() => super.createClient() as Promise<NatsConnection>, this.closing.signal);
  }

  /** Requests do not wait for a NATS that is not there: after a moment without a first connection they fail (503). */
  override connect(): Promise<NatsConnection> {
    const connecting = super.connect() as Promise<NatsConnection>;
    if (this.natsClient) return connecting;
    connecting.catch(() => undefined);
    return Promise.race([
      connecting,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('not connected to NATS')), FIRST_CONNECTION_WAIT_MS).unref()),
    ]);
  }

  async serve<Params, Result>(subject: string, handler: EndpointHandler<Params, Result>): Promise<() => void> {
    const connection = (await super.connect()) as NatsConnection;
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
      const forget = this.pending.add(String(partialPacket.pattern), (err) => callback({ err, isDisposed: true }));
      const handler = this.createSubscriptionHandler(packet, callback);
      const subscription = connection.subscribe(inbox, {
        // an answer that cannot even be decoded is the caller's error, not an unhandled rejection
        callback: (error, message) =>
          void handler(error ?? undefined, { message }).catch((err: unknown) => callback({ err, isDisposed: true })),
      });
      // the active span (the bus's client span) travels as W3C traceparent (docs/operations-guide.md, "Traces")
      const headers = withTraceHeaders(this.mergeHeaders(serialized.headers) as MsgHdrs | undefined);
      if (serialized.data.length <= chunkBytes(connection)) {
        connection.publish(channel, serialized.data, { reply: inbox, ...(headers ? { headers } : {}) });
        return () => {
          forget();
          subscription.unsubscribe();
        };
      }
      const offer = offerBody(connection, serialized.data, this.options.inboxPrefix);
      const offered = headers ?? natsHeaders();
      offered.set(BODY_HEADER, offer.subject);
      connection.publish(channel, Empty, { reply: inbox, headers: offered });
      return () => {
        forget();
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

  private async watchStatus(client: NatsConnection): Promise<void> {
    for await (const status of client.status()) {
      if (status.type === Events.Disconnect) {
        this.connection.lost(`disconnected from ${JSON.stringify(status.data)}`);
        this.pending.failAll('the connection to NATS was lost');
      } else if (status.type === Events.Reconnect) this.connection.restored();
    }
  }

  /** Whether any process of `service` subscribes: its health subject answers, or NATS says "no responders". */
  private async answers(service: ServiceName): Promise<boolean> {
    const connection = this.natsClient as NatsConnection | null;
    if (!connection || connection.isClosed()) return true;
    const subject = healthSubject(service);
    const packet = { pattern: subject, data: { auth: ANONYMOUS, correlationId: `probe-${service}`, params: null }, id: createInbox() };
    const { data } = this.serializer.serialize(packet) as Serialized;
    try {
      await connection.request(`${this.subjectPrefix}${subject}`, data, { timeout: PROBE_TIMEOUT_MS });
      return true;
    } catch (error) {
      return (error as { code?: string }).code !== NatsErrorCode.NoResponders;
    }
  }
}
