import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { CommonErrors } from '@tracker/contracts';
import { BLOB_STORE, type BlobStore } from '@tracker/platform/blob-store';
import { renderBody } from '../wire/response-body';
import type { ResponseFormat } from '../wire/response-format';
import { Base64Encoder, base64Length } from './base64-encode.stream';
import { type BlobRef, blobEtag } from './blob-etag';
import { OpenedBlob } from './opened-blob';

/** A response whose text holds blobs' base64: its parts in order, exact length and ETag, ready to stream. */
export interface BlobBody {
  readonly contentType: string;
  readonly etag: string;
  readonly length: number;
  readonly parts: ReadonlyArray<string | BlobRef>;
  /** the read of the only blob, already open (opened-blob.ts): its size is its check, its stream its bytes */
  readonly opened?: OpenedBlob;
}

/** Marks where one blob's base64 goes, before the response is rendered. */
export interface BlobPlaceholders {
  /** the string to put where the blob's base64 belongs */
  place(blob: BlobRef): string;
}

/**
 * The store's chunks (16-64 KiB) are gathered to this many bytes before encoding: one copy
 * and one write to the socket per piece instead of per chunk, and fewer steps of the stream.
 */
const PIECE = 512 * 1024;

/**
 * How far the body may run ahead of the socket: while the client takes one piece, the next
 * two are read from the store and encoded. `Readable.from` buffers one chunk by default
 * (highWaterMark 1), which made reading the store and writing the socket take turns.
 */
const READ_AHEAD = 2 * PIECE;

/** How many blobs are checked at once before a response starts. */
const STAT_CONCURRENCY = 8;

/**
 * Responses that carry blobs (an attachment's `data`), docs/attachments.md §6.5: the result
 * is rendered as any other (JSON, JSONP, HTML with sorted keys) with a placeholder for each
 * blob's base64, the text is cut at the placeholders, every blob is checked before the first
 * byte (absent, or not the recorded size: 100500), and the body is streamed: text, each blob
 * through the encoder, text. Memory: a piece being encoded and up to `READ_AHEAD` of encoded
 * text waiting for the socket, per response. A response's only blob may come already opened
 * (`open`): its read is then both the check and the bytes.
 */
@Injectable()
export class BlobBodyRenderer {
  private readonly logger = new Logger('Gateway');

  constructor(@Optional() @Inject(BLOB_STORE) private readonly store: BlobStore | null) {}

  /**
   * Starts reading the blob of a GET whose result names exactly one (OpenedBlob), so the store
   * answers while the composers run; a HEAD reads nothing, nor may a conditional GET (304).
   * Its owner settles it (`OpenedBlob.settle`) with the response.
   */
  open(refs: Readonly<Record<string, BlobRef>>, method: string, ifNoneMatch: string | undefined): OpenedBlob | undefined {
    return method === 'GET' && ifNoneMatch === undefined ? OpenedBlob.open(this.requireStore(), refs) : undefined;
  }

  /** renders `build(placeholders)`, the result with its blobs' places marked */
  render(
    build: (placeholders: BlobPlaceholders) => unknown,
    format: ResponseFormat,
    callback: string | undefined,
    opened?: OpenedBlob,
  ): BlobBody {
    // random per response: no client text can contain it
    const marker = `TrackerBlob${randomBytes(12).toString('hex')}x`;
    const blobs: BlobRef[] = [];
    const result = build({ place: (blob) => `${marker}${blobs.push(blob) - 1}x` });
    const rendered = renderBody(result, format, callback);
    const pieces = rendered.payload.split(new RegExp(`${marker}(\\d+)x`));
    const parts = pieces.map((piece, index) => (index % 2 === 0 ? piece : (blobs[Number(piece)] as BlobRef)));
    const length = parts.reduce((sum, part) => sum + (typeof part === 'string' ? Buffer.byteLength(part) : base64Length(part.size)), 0);
    return { contentType: rendered.contentType, etag: blobEtag(parts, rendered.contentType), length, parts, ...(opened ? { opened } : {}) };
  }

  /** every blob present with its recorded size, else 100500 (logged with what was found); a failure releases the opened read */
  async check(body: BlobBody, correlationId: string): Promise<void> {
    const distinct = [...new Map(body.parts.filter(isBlob).map((blob) => [blob.key, blob])).values()];
    try {
      for (let from = 0; from < distinct.length; from += STAT_CONCURRENCY) {
        await Promise.all(distinct.slice(from, from + STAT_CONCURRENCY).map((blob) => this.checkOne(blob, body.opened, correlationId)));
      }
    } catch (error) {
      body.opened?.release();
      throw error;
    }
  }

  /** the body as a stream; a blob that fails mid-way errors it, and the connection is cut (never short data) */
  stream(body: BlobBody): Readable {
    const stream = Readable.from(this.chunks(body.parts, body.opened), { objectMode: false, highWaterMark: READ_AHEAD });
    // sent, failed or abandoned by the client before its first byte: the opened read ends with it
    stream.once('close', () => body.opened?.release());
    return stream;
  }

  private async *chunks(parts: ReadonlyArray<string | BlobRef>, opened: OpenedBlob | undefined): AsyncGenerator<Buffer> {
    let unused = opened;
    for (const part of parts) {
      if (typeof part === 'string') {
        if (part.length > 0) yield Buffer.from(part);
        continue;
      }
      // the opened read serves the blob's first place; a blob named twice is read again for the second
      const read = unused?.key === part.key ? await unused.get() : await this.requireStore().getStream(part.key);
      if (unused?.key === part.key) unused = undefined;
      if (!read || read.size !== part.size) {
        read?.stream.destroy();
        throw new Error(`blob ${part.key} changed while being sent: ${read ? `${read.size} bytes` : 'absent'}, recorded ${part.size}`);
      }
      // encoded inline, not through a piped transform: one stream layer less per chunk
      const encoder = new Base64Encoder();
      let gathered: Buffer[] = [];
      let size = 0;
      for await (const chunk of read.stream) {
        gathered.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size < PIECE) continue;
        yield encoder.write(gathered);
        gathered = [];
        size = 0;
      }
      const last = Buffer.concat([encoder.write(gathered), encoder.end()]);
      if (last.length > 0) yield last;
    }
  }

  private async checkOne(blob: BlobRef, opened: OpenedBlob | undefined, correlationId: string): Promise<void> {
    const stat = opened?.key === blob.key ? await opened.get() : await this.requireStore().stat(blob.key);
    if (stat && stat.size === blob.size) return;
    this.logger.error(
      `[${correlationId}] blob ${blob.key} of ${blob.owner ?? 'a response'} (sha256 ${blob.sha256}) is ${stat ? `${stat.size} bytes, recorded ${blob.size}` : `absent, recorded ${blob.size} bytes`}`,
    );
    throw CommonErrors.internal(correlationId);
  }

  private requireStore(): BlobStore {
    if (!this.store) throw new Error('no blob store is configured: import BlobStoreModule in the app');
    return this.store;
  }
}

function isBlob(part: string | BlobRef): part is BlobRef {
  return typeof part !== 'string';
}
