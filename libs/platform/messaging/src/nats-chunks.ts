import { type Msg, type NatsConnection, createInbox, headers as natsHeaders } from 'nats';

/**
 * Messages larger than the NATS server's max_payload (1 MB by default) cross as numbered
 * chunks: each carries `Tracker-Chunk: <n>/<count>` and at most max_payload minus some
 * room for headers. NATS keeps one publisher's messages in order on one subject, so the
 * receiver appends chunk after chunk. Small messages, the usual case, carry no header and
 * cost nothing more.
 */
export const CHUNK_HEADER = 'Tracker-Chunk';
/** On a request too large to send at once: where the server fetches its body. */
export const BODY_HEADER = 'Tracker-Body';

/** Room for headers in each message. */
const HEADROOM_BYTES = 8 * 1024;
/** Largest message reassembled: a JSON text longer than V8's strings (~512 MiB) could not be read anyway. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/** The largest data one message to this server may carry. */
export function chunkBytes(connection: NatsConnection): number {
  return Math.max(1024, (connection.info?.max_payload ?? 1024 * 1024) - HEADROOM_BYTES);
}

export function publishChunks(connection: NatsConnection, subject: string, data: Uint8Array): void {
  const size = chunkBytes(connection);
  const count = Math.max(1, Math.ceil(data.length / size));
  for (let index = 0; index < count; index++) {
    const headers = natsHeaders();
    headers.set(CHUNK_HEADER, `${index + 1}/${count}`);
    connection.publish(subject, data.subarray(index * size, (index + 1) * size), { headers });
  }
}

export function isChunk(message: Msg): boolean {
  return message.headers?.has(CHUNK_HEADER) ?? false;
}

/** A `no responders` status: nobody subscribes to the subject a request (or a body fetch) went to. */
export function isNoResponders(message: Msg): boolean {
  return message.data.length === 0 && message.headers?.code === 503;
}

/** Puts chunks back together; refuses them out of order or beyond MAX_MESSAGE_BYTES. */
export class ChunkAssembler {
  private readonly parts: Uint8Array[] = [];
  private bytes = 0;

  /** The whole message once its last chunk arrived, undefined before. */
  add(message: Msg): Uint8Array | undefined {
    const [index, count] = (message.headers?.get(CHUNK_HEADER) ?? '').split('/').map(Number);
    if (index !== this.parts.length + 1 || count === undefined || !(count >= index)) {
      throw new Error(`message chunk ${String(index)}/${String(count)} arrived after ${this.parts.length} chunks`);
    }
    this.bytes += message.data.length;
    if (this.bytes > MAX_MESSAGE_BYTES) throw new Error(`message larger than ${MAX_MESSAGE_BYTES} bytes`);
    this.parts.push(message.data);
    if (index < count) return undefined;
    const whole = new Uint8Array(this.bytes);
    let offset = 0;
    for (const part of this.parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    return whole;
  }
}

/** Serves the body of a large request, in chunks, to the one server that asks for it. */
export function offerBody(
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
