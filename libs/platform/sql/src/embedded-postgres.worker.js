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
 *
 * What kept it alive (and what killed it before):
 *  - replies are streamed out of PGlite (execProtocolRawStream): execProtocolRaw parses
 *    every reply message and keeps it until execProtocol is called, which this server
 *    never does, so the worker's memory grew with every byte ever read (a 10 MB value
 *    read once a second by a retrying projection exhausted it within minutes);
 *  - a client that disconnects in the middle of its transaction always gets it rolled
 *    back, even when it disconnects while its BEGIN is running (else every other client
 *    waited forever);
 *  - a client that breaks the protocol loses its connection, never the server;
 *  - if PGlite itself fails, the worker reports why and exits, and EmbeddedPostgres
 *    starts a new one on the same data directory.
 * Plain JavaScript because a worker thread runs it without any TypeScript transform.
 */
const net = require('node:net');
const { rmSync } = require('node:fs');
const { getHeapStatistics } = require('node:v8');
const { parentPort, workerData } = require('node:worker_threads');
const { openPglite } = require('./pglite-template.cjs');

const PROTOCOL_VERSION_3 = 196608;
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const END_OF_REQUEST = new Set(['S', 'Q']); // Sync, Query
const TERMINATE = 'X';
/** PostgreSQL's own limit for one message (MaxAllocSize); anything larger is a broken client */
const MAX_MESSAGE_BYTES = 0x3fffffff;
const MAX_STARTUP_BYTES = 10_000;

/**
 * @typedef {{ socket: import('node:net').Socket, chunks: Buffer[], bytes: number, started: boolean,
 *   unit: Buffer[], closed: boolean, rollbackQueued: boolean }} Client
 * @typedef {{ client: Client, messages: Buffer[], rollback?: true }} Job
 */

/** A simple-protocol Query message. */
function query(sql) {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
const ROLLBACK = query('ROLLBACK');

/** A startup message is `name\0value\0` pairs ending in `\0`; it must name a user. */
function isValidStartup(message) {
  const parts = message.subarray(8).toString('utf8').split('\0');
  if (parts.length < 2 || parts.at(-1) !== '' || parts.at(-2) !== '' || parts.length % 2 !== 0) return false;
  for (let i = 0; i + 1 < parts.length - 1; i += 2) if (parts[i] === 'user' && parts[i + 1]) return true;
  return false;
}

async function main() {
  const db = await openPglite(workerData.dataDir);
  /** @type {Job[]} */
  const queue = [];
  /** @type {Client | null} the client whose transaction is open */
  let owner = null;
  let running = false;

  /** Runs protocol messages; the output is copied out of PGlite's memory as it is produced. */
  async function execute(messages) {
    /** @type {Buffer[]} */
    const output = [];
    for (const message of messages) {
      await db.execProtocolRawStream(message, { onRawData: (data) => output.push(Buffer.from(data)) });
    }
    return output.length === 1 ? output[0] : Buffer.concat(output);
  }

  /** @param {Client} client */
  function queueRollback(client) {
    if (client.rollbackQueued) return;
    client.rollbackQueued = true;
    queue.unshift({ client, messages: [ROLLBACK], rollback: true });
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? queue.findIndex((job) => job.client === owner) : 0;
        if (index < 0 || queue.length === 0) break;
        const [job] = queue.splice(index, 1);
        if (!job || (job.client.closed && !job.rollback)) continue;
        const replies = await execute(job.messages);
        if (!job.client.closed) job.client.socket.write(replies);
        if (!db.isInTransaction()) owner = null;
        else {
          owner = job.client;
          // it left while this unit ran (its BEGIN, say): nobody else may wait on it
          if (job.client.closed) queueRollback(job.client);
        }
      }
    } catch (error) {
      fatal('PGlite failed while running a request', error);
    } finally {
      running = false;
    }
  }

  /** @param {Client} client */
  function release(client) {
    if (client.closed) return;
    client.closed = true;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.client === client) queue.splice(i, 1);
    if (owner === client) queueRollback(client);
    void drain();
  }

  /** @param {Client} client @param {Buffer[]} messages */
  function submit(client, messages) {
    queue.push({ client, messages });
    void drain();
  }

  /** The first `count` buffered bytes of a client, as one buffer (joined only when needed). */
  function take(client, count) {
    const joined = client.chunks.length === 1 ? client.chunks[0] : Buffer.concat(client.chunks);
    if (!joined) return Buffer.alloc(0);
    const taken = Buffer.from(joined.subarray(0, count));
    const rest = joined.subarray(count);
    client.chunks = rest.length > 0 ? [rest] : [];
    client.bytes = rest.length;
    return taken;
  }

  /** The 4-byte integer at `offset` of the buffered bytes (there are at least offset + 4). */
  function peekInt32(client, offset) {
    if ((client.chunks[0]?.length ?? 0) < offset + 4) client.chunks = [Buffer.concat(client.chunks)];
    return client.chunks[0]?.readInt32BE(offset) ?? 0;
  }

  /** Splits what a client sent into messages; a client breaking the protocol is disconnected. */
  function onData(client) {
    for (;;) {
      if (!client.started) {
        if (client.bytes < 8) return;
        const length = peekInt32(client, 0);
        const code = peekInt32(client, 4);
        if (length < 8 || length > MAX_STARTUP_BYTES) return void client.socket.destroy();
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          take(client, 8);
          client.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST || code !== PROTOCOL_VERSION_3) return void client.socket.destroy();
        if (client.bytes < length) return;
        const startup = take(client, length);
        // PGlite ends itself (exit 1) on a startup message without a user: check it here
        if (!isValidStartup(startup)) return void client.socket.destroy();
        client.started = true;
        submit(client, [startup]);
        continue;
      }
      if (client.bytes < 5) return;
      const declared = peekInt32(client, 1);
      if (declared < 4 || declared > MAX_MESSAGE_BYTES) return void client.socket.destroy();
      if (client.bytes < declared + 1) return;
      const message = take(client, declared + 1);
      const type = String.fromCharCode(message[0] ?? 0);
      if (type === TERMINATE) return void client.socket.end();
      client.unit.push(message);
      if (END_OF_REQUEST.has(type)) {
        const unit = client.unit;
        client.unit = [];
        submit(client, unit);
      }
    }
  }

  // a socket left behind by a worker that died is ours to replace
  rmSync(workerData.socketPath, { force: true });
  const server = net.createServer((socket) => {
    /** @type {Client} */
    const client = { socket, chunks: [], bytes: 0, started: false, unit: [], closed: false, rollbackQueued: false };
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      client.chunks.push(chunk);
      client.bytes += chunk.length;
      onData(client);
    });
    socket.on('error', () => release(client));
    socket.on('close', () => release(client));
  });
  server.on('error', (error) => fatal('the socket server failed', error));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(workerData.socketPath, () => resolve(undefined));
  });

  parentPort?.on('message', async (message) => {
    if (message === 'memory') {
      const heap = getHeapStatistics();
      const memory = {
        heapUsedBytes: heap.used_heap_size,
        externalBytes: heap.external_memory,
        // PostgreSQL's own memory: it only grows (WebAssembly cannot give memory back)
        wasmBytes: db.mod?.HEAPU8.byteLength ?? 0,
      };
      parentPort?.postMessage({ memory });
      return;
    }
    if (message !== 'stop') return;
    server.close();
    await db.close();
    process.exit(0);
  });
  parentPort?.postMessage({ ready: true });
}

/** Tells the parent why, then ends this worker (the parent starts another). */
function fatal(what, error) {
  parentPort?.postMessage({ fatal: `${what}: ${String((error && error.stack) || error)}` });
  process.exit(1);
}

main().catch((error) => parentPort?.postMessage({ error: String((error && error.stack) || error) }));
