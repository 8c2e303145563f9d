import { Transform, type TransformCallback } from 'node:stream';

/**
 * Bytes in, base64 text out, as the bytes arrive: each chunk is encoded up to its last
 * whole group of three bytes and the 0–2 bytes left over wait for the next chunk, so the
 * output is exactly `Buffer.from(all).toString('base64')` however the input is cut. The
 * base64 of a whole file never exists in memory (docs/attachments.md §6.5).
 */
export class Base64EncodeStream extends Transform {
  private carry: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const bytes = this.carry.length === 0 ? chunk : Buffer.concat([this.carry, chunk]);
    const whole = bytes.length - (bytes.length % 3);
    this.carry = Buffer.from(bytes.subarray(whole));
    callback(null, whole === 0 ? undefined : bytes.toString('base64', 0, whole));
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.carry.length === 0 ? undefined : this.carry.toString('base64'));
  }
}

/** The length of the base64 text of `size` bytes, padding included: 4·⌈n/3⌉. */
export function base64Length(size: number): number {
  return 4 * Math.ceil(size / 3);
}
