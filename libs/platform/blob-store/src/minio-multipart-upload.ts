import { Logger } from '@nestjs/common';
import type { Client } from 'minio';

/**
 * One S3 multipart upload, driven part by part: each `send` resolves when the server has
 * stored the part, so the caller pulls no more of its source meanwhile. minio's own
 * `putObject(stream)` is not used for three reasons: it resumes any unfinished upload of
 * the same key it finds (another writer's, mid-flight), it hangs when its source stream
 * fails (a piped stream's error does not reach the pipe's end), and it lists the bucket's
 * unfinished uploads first (ListMultipartUploads), which not every server implements.
 */
export class MultipartUpload {
  private readonly etags: { part: number; etag: string }[] = [];

  private constructor(
    private readonly client: Client,
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
  ) {}

  static async start(client: Client, bucket: string, key: string, contentType: string): Promise<MultipartUpload> {
    const uploadId = await client.initiateNewMultipartUpload(bucket, key, { 'Content-Type': contentType });
    return new MultipartUpload(client, bucket, key, uploadId);
  }

  async send(part: Buffer): Promise<void> {
    const partNumber = this.etags.length + 1;
    const { etag } = await this.client.uploadPart(
      { bucketName: this.bucket, objectName: this.key, uploadID: this.uploadId, partNumber, headers: {} },
      part,
    );
    this.etags.push({ part: partNumber, etag });
  }

  /** joins the parts into the object, which replaces the key's content at once */
  async complete(): Promise<void> {
    await this.client.completeMultipartUpload(this.bucket, this.key, this.uploadId, this.etags);
  }

  /**
   * Frees the parts stored so far. A failure to abort is logged, not thrown: the caller is
   * already failing with the error that matters, and the parts of an unfinished upload are
   * invisible to readers (a bucket lifecycle rule `AbortIncompleteMultipartUpload` reclaims
   * them, see docs/attachments.md §6.1).
   */
  async abort(): Promise<void> {
    try {
      await this.client.abortMultipartUpload(this.bucket, this.key, this.uploadId);
    } catch (error) {
      new Logger('BlobStore').warn(
        `Could not abort multipart upload ${this.uploadId} of ${this.bucket}/${this.key}; its parts stay until the bucket's lifecycle removes them: ${String(error)}`,
      );
    }
  }
}

/**
 * Cuts a stream of chunks into parts of exactly `partSize` bytes (S3 wants every part but
 * the last to be at least 5 MiB); `add` returns the parts a chunk completed, and what
 * stays buffered is always less than one part.
 */
export class PartCutter {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly partSize: number) {}

  add(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const parts: Buffer[] = [];
    while (this.buffered >= this.partSize) {
      const joined = Buffer.concat(this.chunks, this.buffered);
      parts.push(joined.subarray(0, this.partSize));
      const rest = joined.subarray(this.partSize);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
    }
    return parts;
  }

  /** what is left once the source has ended: the last (short) part, possibly empty */
  rest(): Buffer {
    return Buffer.concat(this.chunks, this.buffered);
  }
}
