// @ts-check
/*
 * Worker thread of EmbeddedPostgres: PGlite (PostgreSQL in WASM) behind a minimal
 * PostgreSQL wire-protocol server on a unix socket.
 *
 * PGlite has one session, shared by every client connection, so the server must keep
 * clients from stepping on each other:
 *  - a client's messages are run as one unit up to the message that ends a request
 *    (Sync for the extended protocol, Query for the simple one), never interleaved
 *    with another client's Parse/Bind/Execute;
 *  - while a client's transaction is open, only that client's units run; the others
 *    wait until it commits or rolls back (or disconnects, which rolls it back).
 * Plain JavaScript because a worker thread runs it without any TypeScript transform.
 */
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

const PROTOCOL_VERSION_3 = 196608;
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const END_OF_REQUEST = new Set(['S', 'Q']); // Sync, Query
const TERMINATE = 'X';

/** @typedef {{ id: number, socket: import('node:net').Socket, buffer: Buffer, started: boolean, unit: Buffer[], closed: boolean }} Client */

async function main() {
  const db = await PGlite.create(workerData.dataDir);
  /** @type {Array<{ client: Client, messages: Buffer[] }>} */
  const queue = [];
  /** @type {Client | null} the client whose transaction is open */
  let owner = null;
  let running = false;
  let nextId = 1;

  async function drain() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? queue.findIndex((job) => job.client === owner) : 0;
        if (index < 0 || queue.length === 0) break;
        const [job] = queue.splice(index, 1);
        if (!job || job.client.closed) continue;
        const replies = [];
        for (const message of job.messages) replies.push(Buffer.from(await db.execProtocolRaw(message)));
        if (!job.client.closed) job.client.socket.write(Buffer.concat(replies));
        owner = db.isInTransaction() ? job.client : null;
      }
    } finally {
      running = false;
    }
  }

  /** @param {Client} client */
  async function release(client) {
    client.closed = true;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.client === client) queue.splice(i, 1);
    if (owner === client) {
      owner = null;
      await db.exec('ROLLBACK');
    }
    void drain();
  }

  /** @param {Client} client */
  function onData(client) {
    for (;;) {
      const buffer = client.buffer;
      if (!client.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (code === SSL_REQUEST) {
          client.buffer = buffer.subarray(8);
          client.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          client.socket.end();
          return;
        }
        if (buffer.length < length) return;
        if (code !== PROTOCOL_VERSION_3) {
          client.socket.destroy();
          return;
        }
        client.started = true;
        client.buffer = buffer.subarray(length);
        queue.push({ client, messages: [Buffer.from(buffer.subarray(0, length))] });
        void drain();
        continue;
      }
      if (buffer.length < 5) return;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      const type = String.fromCharCode(buffer[0] ?? 0);
      const message = Buffer.from(buffer.subarray(0, length));
      client.buffer = buffer.subarray(length);
      if (type === TERMINATE) {
        client.socket.end();
        return;
      }
      client.unit.push(message);
      if (END_OF_REQUEST.has(type)) {
        queue.push({ client, messages: client.unit });
        client.unit = [];
        void drain();
      }
    }
  }

  const server = net.createServer((socket) => {
    /** @type {Client} */
    const client = { id: nextId++, socket, buffer: Buffer.alloc(0), started: false, unit: [], closed: false };
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      client.buffer = client.buffer.length ? Buffer.concat([client.buffer, chunk]) : chunk;
      onData(client);
    });
    socket.on('error', () => void release(client));
    socket.on('close', () => void release(client));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(workerData.socketPath, () => resolve(undefined));
  });

  parentPort?.on('message', async (message) => {
    if (message !== 'stop') return;
    server.close();
    await db.close();
    process.exit(0);
  });
  parentPort?.postMessage({ ready: true });
}

main().catch((error) => parentPort?.postMessage({ error: String((error && error.stack) || error) }));
