import { type BucketItem, Client, CopyDestinationOptions, CopySourceOptions, S3Error } from 'minio';
import { Agent as HttpAgent, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { assertValidBlobKey, assertValidBlobPrefix } from './blob-key';
import {
  BLOB_PART_BYTES,
  type BlobListing,
  type BlobReadStream,
  type BlobStat,
  type BlobStore,
  type BlobWritten,
  type PutStreamOptions,
} from './blob-store.port';
import { MultipartUpload, PartCutter } from './minio-multipart-upload';
import { SinglePut } from './minio-single-put';

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
/**
 * How long a kept-alive connection may wait idle for its next request. A server closes idle
 * connections after its own timeout, and a request sent on one just as it does is lost
 * ("socket hang up", ECONNRESET: the e2e race of 28 uploads lost 7-10 of them at once this
 * way). Node's agent keeps idle connections forever unless given a timeout, and only then
 * honours the server's announced one (`Keep-Alive: timeout=N`, less a second); servers that
 * announce none get this, below the 5 s of Node's servers, the shortest in common use.
 */
const IDLE_CONNECTION_MS = 4_000;

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
    /** over plain HTTP every request's payload is signed with its SHA-256 (over HTTPS it is not) */
    private readonly signsPayload: boolean,
  ) {}

  static async create(options: MinioBlobStoreOptions): Promise<MinioBlobStore> {
    // an agent of our own, so that close() can end its kept-alive sockets
    const agentOptions = { keepAlive: true, timeout: IDLE_CONNECTION_MS };
    const agent = options.useSSL ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
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
    return new MinioBlobStore(client, options.bucket, agent, !options.useSSL);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidBlobKey(key);
    const single = new SinglePut(this.client, this.signsPayload, undefined);
    single.add(data);
    await single.send(this.bucket, key, data, contentType);
  }

  /**
   * Sources shorter than a part go up in one PUT (under the key `keyAtEnd` answers, when
   * given); longer ones as a multipart upload, one part in flight and nothing more pulled
   * meanwhile, aborted when the source or the server fails (the `for await` then also
   * closes the source).
   */
  async putStream(key: string, source: AsyncIterable<Buffer>, contentType: string, options: PutStreamOptions = {}): Promise<BlobWritten> {
    assertValidBlobKey(key);
    const cutter = new PartCutter(BLOB_PART_BYTES);
    const single = new SinglePut(this.client, this.signsPayload, options.sha256);
    let upload: MultipartUpload | undefined;
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        const parts = cutter.add(chunk);
        if (upload === undefined && parts.length === 0) single.add(chunk);
        for (const part of parts) {
          upload ??= await MultipartUpload.start(this.client, this.bucket, key, contentType);
          await upload.send(part);
        }
      }
      if (upload === undefined) {
        // the caller's choice (a round trip, maybe) runs while the chunks are joined into the PUT's
        // body: one turn of the event loop first, so that its request is on the wire meanwhile
        const choosing = options.keyAtEnd?.() ?? Promise.resolve(key);
        choosing.catch(() => undefined);
        if (options.keyAtEnd) await nextTurn();
        const body = cutter.rest();
        const chosen = await choosing;
        assertValidBlobKey(chosen);
        await single.send(this.bucket, chosen, body, contentType);
        return { key: chosen, size };
      }
      const rest = cutter.rest();
      if (rest.length > 0) await upload.send(rest);
      await upload.complete();
      return { key, size };
    } catch (error) {
      await upload?.abort();
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.getStream(key);
    if (found === null) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<BlobReadStream | null> {
    assertValidBlobKey(key);
    const stream = await orNullWhenMissing(this.client.getObject(this.bucket, key));
    if (stream === null) return null;
    // the size from the GET's own Content-Length, so size and bytes come from one response
    const size = stream instanceof IncomingMessage ? Number(stream.headers['content-length']) : Number.NaN;
    if (!Number.isSafeInteger(size)) {
      stream.destroy();
      throw new Error(`The S3 server sent ${this.bucket}/${key} without a Content-Length`);
    }
    return { size, stream };
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertValidBlobKey(key);
    const found = await orNullWhenMissing(this.client.statObject(this.bucket, key));
    return found === null ? null : { size: found.size, lastModified: found.lastModified };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async copy(from: string, to: string): Promise<boolean> {
    assertValidBlobKey(from);
    assertValidBlobKey(to);
    // S3 refuses to copy an object onto itself unchanged; for the port that is a touch
    if (from === to) return this.touch(from);
    const copied = await orNullWhenMissing(
      this.client.copyObject(
        new CopySourceOptions({ Bucket: this.bucket, Object: from }),
        new CopyDestinationOptions({ Bucket: this.bucket, Object: to }),
      ),
    );
    return copied !== null;
  }

  /**
   * S3 has no touch: an object copied onto itself with its metadata replaced is a new
   * object with a new LastModified (AWS, MinIO). The content type is sent again because
   * REPLACE drops what it does not restate.
   */
  async touch(key: string): Promise<boolean> {
    assertValidBlobKey(key);
    const found = await orNullWhenMissing(this.client.statObject(this.bucket, key));
    if (found === null) return false;
    const contentType = found.metaData['content-type'] as unknown;
    const touched = await orNullWhenMissing(
      this.client.copyObject(
        new CopySourceOptions({ Bucket: this.bucket, Object: key }),
        new CopyDestinationOptions({
          Bucket: this.bucket,
          Object: key,
          MetadataDirective: 'REPLACE',
          Headers: typeof contentType === 'string' ? { 'Content-Type': contentType } : {},
        }),
      ),
    );
    return touched !== null;
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertValidBlobPrefix(prefix);
    // recursive: no delimiter, so every item is an object (never a common prefix); pages of 1,000 as iterated
    const items: AsyncIterable<BucketItem> = this.client.listObjectsV2(this.bucket, prefix, true);
    for await (const item of items) {
      if (item.name !== undefined) yield { key: item.name, size: item.size, lastModified: item.lastModified };
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

async function orNullWhenMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (hasCode(error, MISSING_CODES)) return null;
    throw error;
  }
}

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  return error instanceof S3Error && error.code !== undefined && codes.has(error.code);
}
