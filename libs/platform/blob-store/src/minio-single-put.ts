import { createHash, type Hash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { Client } from 'minio';

/**
 * An object shorter than one part, sent in one PUT once its source has ended. minio's
 * `putObject` hashes the whole buffer twice at that moment, after the last byte: SHA-256
 * for the signature, and MD5, which it sends only over HTTPS. Here the SHA-256 is the
 * caller's when it has one, else taken chunk by chunk as the source yields them, and
 * nothing is hashed over HTTPS, where the payload is not signed (`putObject` then, as before).
 */
export class SinglePut {
  private readonly hash: Hash | undefined;

  constructor(
    private readonly client: Client,
    private readonly signsPayload: boolean,
    private readonly givenSha256: (() => string) | undefined,
  ) {
    this.hash = signsPayload && givenSha256 === undefined ? createHash('sha256') : undefined;
  }

  /** a chunk of the source, while it may still fit in one PUT */
  add(chunk: Buffer): void {
    this.hash?.update(chunk);
  }

  async send(bucket: string, key: string, data: Buffer, contentType: string): Promise<void> {
    const headers = { 'Content-Type': contentType };
    if (!this.signsPayload) {
      await this.client.putObject(bucket, key, data, data.length, headers);
      return;
    }
    const sha256 = this.givenSha256?.() ?? this.hash?.digest('hex') ?? '';
    // the request putObject makes, minus its hashing (minio 8 marks the method internal; the adapter's spec checks the request)
    const response = await this.client.makeRequestStreamAsync(
      { method: 'PUT', bucketName: bucket, objectName: key, headers: { ...headers, 'Content-Length': data.length } },
      data,
      sha256,
      [200],
      '',
    );
    response.resume();
    await finished(response);
  }
}
