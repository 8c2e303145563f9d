import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as fc from 'fast-check';
import { Base64EncodeStream, Base64Encoder, base64Length } from './base64-encode.stream';

async function encode(chunks: readonly Uint8Array[]): Promise<string> {
  let text = '';
  for await (const piece of Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(new Base64EncodeStream())) {
    text += String(piece);
  }
  return text;
}

describe('Base64EncodeStream', () => {
  it('encodes any bytes cut into any chunks exactly as the whole would encode', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 }), async (chunks) => {
        const whole = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)));
        const text = await encode(chunks);
        expect(text).toBe(whole.toString('base64'));
        expect(text.length).toBe(base64Length(whole.length));
      }),
      { numRuns: 300 },
    );
  });

  it('encodes groups of chunks given at once (the renderer gathers them) exactly as the whole would encode', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 5 }), { maxLength: 8 }), (groups) => {
        const encoder = new Base64Encoder();
        const pieces = groups.map((group) => encoder.write(group.map((chunk) => Buffer.from(chunk))));
        const whole = Buffer.concat(groups.flat().map((chunk) => Buffer.from(chunk)));
        expect(Buffer.concat([...pieces, encoder.end()]).toString('latin1')).toBe(whole.toString('base64'));
      }),
      { numRuns: 300 },
    );
  });

  it('encodes pieces larger than its encoding slice (48 KiB) exactly as the whole would encode', () => {
    const whole = randomBytes(300_001);
    const encoder = new Base64Encoder();
    const cuts = [1, 49_160, 49_162, 100_000, 300_001];
    const pieces = cuts.map((end, index) => encoder.write([whole.subarray(cuts[index - 1] ?? 0, end)]));
    expect(pieces.map((piece) => piece.length)).toEqual([0, 65_544, 4, 67_784, 266_668]);
    expect(Buffer.concat([...pieces, encoder.end()]).toString('latin1')).toBe(whole.toString('base64'));
  });

  it('encodes all 256 byte values one byte at a time', async () => {
    const all = Array.from({ length: 256 }, (_, index) => Uint8Array.of(index));
    expect(Buffer.from(await encode(all), 'base64')).toEqual(Buffer.from(all.map((one) => one[0] ?? 0)));
  });

  it('gives nothing for no bytes', async () => {
    expect(await encode([])).toBe('');
    expect(base64Length(0)).toBe(0);
  });
});
