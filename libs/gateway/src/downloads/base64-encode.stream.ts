import { Transform, type TransformCallback } from 'node:stream';

/**
 * Bytes in, base64 text out, as the bytes arrive: each chunk is encoded up to its last
 * whole group of three bytes and the 0–2 bytes left over wait for the next chunk, so the
 * output is exactly `Buffer.from(all).toString('base64')` however the input is cut. The
 * base64 of a whole file never exists in memory (docs/attachments.md §6.5).
 */
export class Base64Encoder {
  private carry: Buffer = Buffer.alloc(0);

  /** the base64 (ASCII bytes) of the whole groups so far; several chunks are joined in one copy */
  write(chunk: Buffer | readonly Buffer[]): Buffer {
    const chunks = Buffer.isBuffer(chunk) ? [chunk] : chunk;
    const bytes = this.carry.length === 0 && chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat([this.carry, ...chunks]);
    const whole = bytes.length - (bytes.length % 3);
    this.carry = Buffer.from(bytes.subarray(whole));
    return whole === 0 ? Buffer.alloc(0) : Buffer.from(bytes.toString('base64', 0, whole), 'latin1');
  }

  /** the last group, padded */
  end(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest.length === 0 ? rest : Buffer.from(rest.toString('base64'), 'latin1');
  }
}

/** The encoder as a stream transform. */
export class Base64EncodeStream extends Transform {
  private readonly encoder = new Base64Encoder();

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const text = this.encoder.write(chunk);
    callback(null, text.length === 0 ? undefined : text);
  }

  override _flush(callback: TransformCallback): void {
    const text = this.encoder.end();
    callback(null, text.length === 0 ? undefined : text);
  }
}

/** The length of the base64 text of `size` bytes, padding included: 4·⌈n/3⌉. */
export function base64Length(size: number): number {
  return 4 * Math.ceil(size / 3);
}
