// s3rver ships no types; this declares the part of its documented API the tests use, and
// of Koa's (which it extends) and of its store the parts s3rver-fidelity.ts adjusts.
declare module 's3rver' {
  import type { IncomingHttpHeaders, Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
  }

  interface S3rverContext {
    readonly method: string;
    readonly path: string;
    readonly query: Readonly<Record<string, string | string[] | undefined>>;
    readonly headers: IncomingHttpHeaders;
    status: number;
    body: unknown;
    type: string;
  }

  type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  /** what s3rver's store is handed to write: `content` is the request's body or, for a multipart upload, its parts */
  interface S3rverObject {
    readonly bucket: string;
    readonly key: string;
    readonly content: Buffer | NodeJS.ReadableStream;
    readonly metadata: unknown;
  }

  interface FilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<unknown>;
    putMetadata(bucket: string, key: string, metadata: unknown, md5?: string): Promise<void>;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
    copyObject(srcBucket: string, srcKey: string, destBucket: string, destKey: string, replacementMetadata: unknown): Promise<unknown>;
    deleteObject(bucket: string, key: string): Promise<void>;
    listObjects(bucket: string, options: unknown): Promise<unknown>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    readonly store: FilesystemStore;
    /** Koa's middleware list, composed when the server starts */
    readonly middleware: S3rverMiddleware[];
    /** the HTTP server `run` started */
    readonly httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
