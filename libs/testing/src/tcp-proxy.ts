import { createServer, type Server, type Socket, connect } from 'node:net';

/** A TCP hop between a client and a server that a test can cut and restore, as a network fault would. */
export interface TcpProxy {
  readonly port: number;
  /** drops every open connection and refuses new ones */
  cut(): Promise<void>;
  /** accepts connections again, on the same port */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const open = (port: number): Promise<Server> =>
    new Promise((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  const shut = (server: Server | undefined): Promise<void> => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  };

  let server: Server | undefined = await open(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');
  const port = address.port;
  return {
    port,
    cut: async () => {
      const current = server;
      server = undefined;
      await shut(current);
    },
    restore: async () => {
      server ??= await open(port);
    },
    close: async () => {
      const current = server;
      server = undefined;
      await shut(current);
    },
  };
}
