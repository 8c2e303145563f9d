/**
 * The blob store: opaque bytes under a key, such as an attachment's content. A put
 * replaces what the key held, a get of an absent key is null, a delete of an absent key
 * succeeds. Keys follow `assertValidBlobKey`, so every adapter can store every key.
 */
export interface BlobStore {
  /** stores `data` under `key`, replacing any earlier content */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** the bytes under `key`; null when the key is absent */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** removes `key`; an absent key is not an error */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export const BLOB_STORE = Symbol('BLOB_STORE');
