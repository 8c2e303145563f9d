import type { NatsConnection } from 'nats';
import { type EndpointHandler, endpointReply } from './message-endpoints';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Answers `subject` on this connection, outside any queue group, in the packet form of
 * @nestjs/microservices (`{id, data}` in, `{id, response, isDisposed}` out), so that any
 * MessageBus reaches it like a service. Requests are small (no chunks).
 */
export function serveOnNats(connection: NatsConnection, subject: string, handler: EndpointHandler): () => void {
  const subscription = connection.subscribe(subject, {
    callback: (error, message) => {
      if (error || !message.reply) return;
      let packet: { id?: string; data?: unknown };
      try {
        packet = JSON.parse(decoder.decode(message.data)) as { id?: string; data?: unknown };
      } catch {
        return;
      }
      void endpointReply(handler, packet.data as Parameters<EndpointHandler>[0]).then((response) => {
        try {
          message.respond(encoder.encode(JSON.stringify({ id: packet.id, response, isDisposed: true })));
        } catch {
          // the connection is gone: the caller's own timeout tells it
        }
      });
    },
  });
  return () => subscription.unsubscribe();
}
