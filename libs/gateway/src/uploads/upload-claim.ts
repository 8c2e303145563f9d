import { createHash, randomUUID } from 'node:crypto';
import { type AttachmentClaim, attachmentContentKey, attachmentStagingKey } from '@tracker/contracts';
import type { BlobStore, BlobWritten } from '@tracker/platform/blob-store';
import { ChunkChannel } from './chunk-channel';

class UploadTooLarge extends Error {}

/**
 * Decoded bytes, as they arrive, counted, hashed and written to a fresh staging object
 * (`attachments/staging/<uuid>`), or, when the store can still choose the key once the last
 * byte is in (the bytes fit one write) and no object holds these bytes yet, straight to their
 * content key (`attachments/sha256/<hash>`), so that promotion copies nothing
 * (docs/attachments.md §6.2). The write is started at the first byte, so an empty upload
 * stores nothing; past `maxBytes` it is abandoned (the store removes what it had) and only
 * the count goes on.
 */
export class StagingUpload {
  readonly key = attachmentStagingKey(randomUUID());
  private readonly hash = createHash('sha256');
  private sha256: string | undefined;
  private size = 0;
  private tooLarge = false;
  private channel: ChunkChannel | undefined;
  private writing: Promise<BlobWritten> | undefined;

  constructor(
    private readonly store: BlobStore,
    private readonly maxBytes: number,
  ) {}

  get bytesCounted(): number {
    return this.size;
  }

  /** resolves when the store can take more; rejects when the store failed */
  async write(bytes: Buffer): Promise<void> {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.tooLarge) return;
    if (this.size > this.maxBytes) {
      this.tooLarge = true;
      this.channel?.fail(new UploadTooLarge());
      return;
    }
    this.hash.update(bytes);
    if (!this.channel || !this.writing) {
      this.channel = new ChunkChannel();
      // the store may sign its request with the hash taken here instead of hashing the bytes again
      this.writing = this.store.putStream(this.key, this.channel, 'application/octet-stream', {
        sha256: () => this.digest(),
        keyAtEnd: () => this.keyAtEnd(),
      });
      // observed here so an early failure is never unhandled; `finish` and `write` see it too
      this.writing.catch(() => undefined);
    }
    await Promise.race([this.channel.push(bytes), this.writing]);
  }

  /**
   * The upload complete, every byte stored (or deliberately not), as the claim handed to
   * comments (docs/attachments.md §6.2): no staging key when nothing was kept (empty, or
   * over the limit, with `size` the count of decoded bytes).
   */
  async finish(): Promise<AttachmentClaim> {
    if (this.tooLarge) {
      await this.writing?.catch(() => undefined);
      // the hash of the bytes up to the limit: nobody stores them, but a claim always has one
      return { stagingKey: null, size: this.size, sha256: this.digest(), tooLarge: true };
    }
    const sha256 = this.digest();
    if (!this.channel || !this.writing) return { stagingKey: null, size: 0, sha256, tooLarge: false };
    this.channel.end();
    const written = await this.writing;
    return { stagingKey: written.key, size: this.size, sha256, tooLarge: false };
  }

  /**
   * New bytes go to their content key; stored ones to the staging object, which promotion
   * turns into a refresh of the stored object under the blob lock. Writing over a stored
   * object instead could lose the fresh bytes to a sweep that judged the old object's age
   * just before (§6.3-6.4).
   */
  private async keyAtEnd(): Promise<string> {
    const content = attachmentContentKey(this.digest());
    return (await this.store.exists(content)) ? this.key : content;
  }

  /** the SHA-256 of every byte written, once they all are (a hash gives its digest only once) */
  private digest(): string {
    this.sha256 ??= this.hash.digest('hex');
    return this.sha256;
  }

  /**
   * Abandons the upload: its staging object goes. Bytes already at their content key stay for
   * the sweeper: another upload of the same bytes may be about to name them (§6.4).
   */
  async discard(): Promise<void> {
    if (!this.channel || !this.writing) return;
    this.channel.fail(new Error('upload discarded'));
    await this.writing.catch(() => undefined);
    await this.store.delete(this.key);
  }
}
