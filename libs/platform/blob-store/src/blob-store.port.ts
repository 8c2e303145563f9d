import type { Readable } from 'node:stream';

/**
 * The blob store: opaque bytes under a key, such as an attachment's content. A write
 * (put, putStream, copy) replaces what the key held atomically: readers see the old or the
 * new bytes, never a part; a failed write leaves the key as it was and nothing behind. A
 * read of an absent key is null, a delete of an absent key succeeds. Keys follow
 * `assertValidBlobKey`, so every adapter can store every key.
 */
export interface BlobStore {
  /** stores `data` under `key`, replacing any earlier content */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the bytes of `source` under `key` as they arrive, pulling the next chunk only
   * when fewer than `BLOB_PART_BYTES` pulled bytes are not yet handed to storage, so
   * memory stays bounded whatever the size. When `source` throws, the key is left as it
   * was, whatever was written is removed, and the source's error is thrown.
   */
  putStream(key: string, source: AsyncIterable<Buffer>, contentType: string, options?: PutStreamOptions): Promise<BlobWritten>;
  /** the bytes under `key`; null when the key is absent */
  get(key: string): Promise<Buffer | null>;
  /**
   * The bytes under `key` as a stream, with their size taken from the same read (so the
   * two agree even if the key is replaced meanwhile); null when the key is absent. The
   * caller consumes or destroys the stream.
   */
  getStream(key: string): Promise<BlobReadStream | null>;
  /** size and last modification of `key`; null when absent */
  stat(key: string): Promise<BlobStat | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Copies `from` to `to` inside the store (no bytes pass through this process); `to` is
   * replaced atomically and gets a new `lastModified`, `from` is left as it is. False,
   * and nothing written, when `from` is absent.
   */
  copy(from: string, to: string): Promise<boolean>;
  /**
   * Moves `lastModified` of `key` to now, bytes unchanged, so a sweep that deletes old
   * unreferenced objects spares it. False when `key` is absent, so "refresh, else create"
   * is one call in the common case.
   */
  touch(key: string): Promise<boolean>;
  /**
   * Every key that starts with `prefix` (a plain string prefix, as S3's: `a/b` lists
   * `a/b`, `a/b/c` and `a/bc`), with its size and last modification, in no particular
   * order. Lazy: pages are read as the caller iterates.
   */
  list(prefix: string): AsyncIterable<BlobListing>;
  /** removes `key`; an absent key is not an error */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface PutStreamOptions {
  /**
   * The SHA-256 (lower-case hex) of every byte the source yielded, asked for only once the
   * source has ended: a caller that hashes the bytes anyway spares the adapter hashing them
   * again (the MinIO adapter signs a single PUT's payload with it; an S3 server refuses a
   * payload that does not match it). Adapters that need no hash ignore it.
   */
  readonly sha256?: () => string;
  /**
   * Asked once the source has ended, when the adapter can still choose where the bytes go
   * (nothing is stored under a key yet: the directory adapter always, the MinIO adapter
   * for a source shorter than a part): the key to store them under instead of `key`. A
   * caller that learns the right key only from the bytes (their hash) spares a copy. Not
   * asked when the source fails; when it throws, nothing is stored and its error is thrown.
   */
  readonly keyAtEnd?: () => Promise<string>;
}

export interface BlobWritten {
  /** the key the bytes are stored under: `key`, or the answer of `keyAtEnd` when it was asked */
  readonly key: string;
  /** bytes stored */
  readonly size: number;
}

export interface BlobStat {
  readonly size: number;
  /** the storage's clock; S3 servers keep whole seconds */
  readonly lastModified: Date;
}

export interface BlobListing extends BlobStat {
  readonly key: string;
}

export interface BlobReadStream {
  readonly size: number;
  readonly stream: Readable;
}

/**
 * The most a `putStream` holds of its source before handing it to storage: S3's minimum
 * multipart part (5 MiB), which the MinIO adapter uploads one at a time.
 */
export const BLOB_PART_BYTES = 5 * 1024 * 1024;

export const BLOB_STORE = Symbol('BLOB_STORE');
