// s3rver ships no types; this declares the part of its documented API the tests use, and
// of Koa's (which it extends) and of its store the parts s3rver-fidelity.ts adjusts.
declare module 's3rver' {
  import type { IncomingHttpHeaders } from 'node:http';
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

  interface FilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    copyObject(srcBucket: string, srcKey: string, destBucket: string, destKey: string, replacementMetadata: unknown): Promise<unknown>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    readonly store: FilesystemStore;
    /** Koa's middleware list, composed when the server starts */
    readonly middleware: S3rverMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
