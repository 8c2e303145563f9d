import { Client, S3Error } from 'minio';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import { assertValidBlobKey } from './blob-key';
import type { BlobStore } from './blob-store.port';

export interface MinioBlobStoreOptions {
  readonly endPoint: string;
  readonly port: number;
  readonly useSSL: boolean;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
  /** when absent the client asks the server for the bucket's region */
  readonly region?: string;
}

/** Codes S3 servers use for an absent object: GET answers with a body, HEAD cannot. */
const MISSING_CODES = new Set(['NoSuchKey', 'NotFound']);
/** Another process may create the bucket between our check and our create. */
const BUCKET_TAKEN_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

/**
 * The blob store on MinIO or any S3-compatible server, one object per key in one bucket.
 * Requests are path-style (`host/bucket/key`), which every S3-compatible server accepts
 * and which needs no per-bucket DNS name.
 */
export class MinioBlobStore implements BlobStore {
  private constructor(
    private readonly client: Client,
    private readonly bucket: string,
    private readonly agent: HttpAgent,
  ) {}

  static async create(options: MinioBlobStoreOptions): Promise<MinioBlobStore> {
    // an agent of our own, so that close() can end its kept-alive sockets
    const agent = options.useSSL ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    const client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      pathStyle: true,
      transportAgent: agent,
      ...(options.region === undefined ? {} : { region: options.region }),
    });
    try {
      await ensureBucket(client, options.bucket, options.region);
    } catch (error) {
      agent.destroy();
      throw error;
    }
    return new MinioBlobStore(client, options.bucket, agent);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidBlobKey(key);
    await this.client.putObject(this.bucket, key, data, data.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidBlobKey(key);
    let stream: Readable;
    try {
      stream = await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (hasCode(error, MISSING_CODES)) return null;
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    assertValidBlobKey(key);
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if (hasCode(error, MISSING_CODES)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    // S3 answers a delete of an absent object with success, which is the port's contract
    await this.client.removeObject(this.bucket, key);
  }

  close(): Promise<void> {
    this.agent.destroy();
    return Promise.resolve();
  }
}

async function ensureBucket(client: Client, bucket: string, region: string | undefined): Promise<void> {
  if (await client.bucketExists(bucket)) return;
  try {
    await client.makeBucket(bucket, region);
  } catch (error) {
    if (!hasCode(error, BUCKET_TAKEN_CODES)) throw error;
  }
}

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  return error instanceof S3Error && error.code !== undefined && codes.has(error.code);
}
