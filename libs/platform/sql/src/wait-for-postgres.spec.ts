import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { waitForPostgres } from './wait-for-postgres';

const QUICK = { firstMs: 20, longestMs: 100 };

/** A port that refuses connections until `open()`, then forwards them to the real PostgreSQL server. */
async function lateForwarder(): Promise<{ url: string; open(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(TEST_SERVER_URLS.postgres);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  // learn a free port, then let it go until the "database" comes up
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const url = new URL(TEST_SERVER_URLS.postgres);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    open: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describeWithServers(['postgres'], 'waitForPostgres on the real PostgreSQL server', () => {
  it('waits, with one warning, while nothing listens, and resolves once PostgreSQL answers', async () => {
    const forwarder = await lateForwarder();
    const logger = { warn: jest.fn(), log: jest.fn() };
    let reached = false;
    const waiting = waitForPostgres(forwarder.url, logger, QUICK).then(() => (reached = true));
    while (logger.warn.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(
      /^postgres: cannot connect yet \(.*ECONNREFUSED.*\); trying again until it can$/,
    );
    expect(reached).toBe(false);
    await forwarder.open();
    await waiting;
    expect(reached).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.log.mock.calls[0]?.[0])).toMatch(/^postgres: reachable after \d+\.\d s$/);
    await forwarder.close();
  });

  it('fails at once on what no wait cures: a database that does not exist', async () => {
    const url = new URL(TEST_SERVER_URLS.postgres);
    url.pathname = '/no_such_database_anywhere';
    const logger = { warn: jest.fn(), log: jest.fn() };
    await expect(waitForPostgres(url.toString(), logger, QUICK)).rejects.toThrow('database "no_such_database_anywhere" does not exist');
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
