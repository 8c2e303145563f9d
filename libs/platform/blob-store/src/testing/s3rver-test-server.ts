import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { applyS3Fidelity, countUnfinishedUploads } from './s3rver-fidelity';

/** One request the server answered, for tests that check what a client sent. */
export interface RecordedS3Request {
  readonly method: string;
  /** `/bucket/key` */
  readonly path: string;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** the request body's length, from its Content-Length */
  readonly bodyBytes: number;
  readonly status: number;
}

export interface S3TestServer {
  readonly host: string;
  readonly port: number;
  /** s3rver's one account; it checks the signature made with them */
  readonly accessKey: string;
  readonly secretKey: string;
  /** every request answered so far, in order of completion */
  readonly requests: readonly RecordedS3Request[];
  /** multipart uploads of `bucket` started and neither completed nor aborted */
  unfinishedUploads(bucket: string): Promise<number>;
  /** TCP connections accepted so far (a client that reuses kept-alive connections opens few) */
  connections(): number;
  stop(): Promise<void>;
}

/**
 * An S3-protocol server in this process, on 127.0.0.1 and a free port, storing in a
 * fresh temp directory. It serves path-style requests only and checks signatures, so a
 * test also proves the client signs its requests correctly. It is s3rver with the two
 * corrections of `applyS3Fidelity`. A server that cannot start fails the caller (never a
 * skip): it needs nothing outside this process.
 */
export async function startS3TestServer(options: { keepAliveTimeoutMs?: number } = {}): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'tracker-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
  });
  const requests: RecordedS3Request[] = [];
  applyS3Fidelity(server);
  server.middleware.unshift(async (ctx, next) => {
    const record = (status: number): void => {
      const { method, path, query, headers } = ctx;
      requests.push({
        method,
        path,
        query: { ...query },
        headers: { ...headers },
        bodyBytes: Number(headers['content-length'] ?? 0),
        status,
      });
    };
    try {
      await next();
      record(ctx.status);
    } catch (error) {
      record((error as { status?: number }).status ?? 500);
      throw error;
    }
  });
  try {
    const { address, port } = await server.run();
    let connections = 0;
    const http = server.httpServer;
    http.on('connection', () => (connections += 1));
    // Node's default is 5 s (announced in each answer as `Keep-Alive: timeout=5`)
    if (options.keepAliveTimeoutMs !== undefined) http.keepAliveTimeout = options.keepAliveTimeoutMs;
    return {
      host: address,
      port,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      requests,
      unfinishedUploads: (bucket) => countUnfinishedUploads(server, bucket),
      connections: () => connections,
      stop: async () => {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
