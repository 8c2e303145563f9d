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
    return encodeInSlices(bytes, whole);
  }

  /** the last group, padded */
  end(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest.length === 0 ? rest : Buffer.from(rest.toString('base64'), 'latin1');
  }
}

/**
 * Input bytes per intermediate string: 48 KiB encode to 64 Ki characters. V8 allocates a
 * string over 128 KiB in its large-object space, and encoding 5 MB through strings of
 * 512 KiB input cost 6-30 ms where these slices cost 2-3 ms on the same machine
 * (docs/benchmarks.md, "Attachments: encoding in slices, reading ahead, the early copy").
 */
const SLICE = 48 * 1024;

/** the base64 of `bytes[0, end)` (`end` a multiple of 3) as ASCII bytes, in one buffer, through slice-sized strings */
function encodeInSlices(bytes: Buffer, end: number): Buffer {
  if (end === 0) return Buffer.alloc(0);
  const out = Buffer.allocUnsafe((end / 3) * 4);
  let at = 0;
  for (let from = 0; from < end; from += SLICE) at += out.write(bytes.toString('base64', from, Math.min(end, from + SLICE)), at, 'latin1');
  return out;
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
