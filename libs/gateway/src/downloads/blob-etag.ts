import { createHash } from 'node:crypto';

/** A blob a response's text names: where its bytes are, how many, and their SHA-256. */
export interface BlobRef {
  readonly key: string;
  readonly size: number;
  readonly sha256: string;
  /** what the blob is of, for the log when it is missing (`attachment 12`) */
  readonly owner?: string;
}

/**
 * The ETag of a response that streams blobs: as every response's (base64 MD5 of the body and
 * its content type, wire/response-body.ts), with each blob's base64 replaced by its SHA-256,
 * so `If-None-Match` is answered without reading a byte, and identical bytes with identical
 * metadata give the identical tag (docs/attachments.md §6.5).
 */
export function blobEtag(parts: ReadonlyArray<string | BlobRef>, contentType: string): string {
  const hash = createHash('md5');
  for (const part of parts) hash.update(typeof part === 'string' ? part : part.sha256);
  return hash.update(contentType).digest('base64').replace(/=+$/, '');
}
