import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  readonly host: string;
  readonly port: number;
  /** s3rver's one account; it checks the signature made with them */
  readonly accessKey: string;
  readonly secretKey: string;
  stop(): Promise<void>;
}

/**
 * An S3-protocol server in this process, on 127.0.0.1 and a free port, storing in a
 * fresh temp directory. It serves path-style requests only and checks signatures, so a
 * test also proves the client signs its requests correctly.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'tracker-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
  });
  try {
    const { address, port } = await server.run();
    return {
      host: address,
      port,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
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
