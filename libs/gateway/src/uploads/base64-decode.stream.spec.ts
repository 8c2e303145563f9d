import * as fc from 'fast-check';
import { DomainError } from '@tracker/contracts';
import { Base64DecodeStream } from './base64-decode.stream';

/** cuts `text` at the given points (any order, duplicates allowed) */
function cut(text: string, points: readonly number[]): string[] {
  const sorted = [...new Set(points.map((point) => point % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of sorted) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

function decode(pieces: readonly string[]): Buffer {
  const decoder = new Base64DecodeStream();
  return Buffer.concat([...pieces.map((piece) => decoder.write(piece)), decoder.end()]);
}

function refusal(pieces: readonly string[]): { code: number; message: string } {
  try {
    decode(pieces);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('decoded without complaint');
}

/** 76-column lines, as MIME encoders (Python's encodebytes, Perl's encode_base64) write them */
const mimeLines = (text: string): string => (text.match(/.{1,76}/g) ?? []).join('\n') + '\n';

describe('Base64DecodeStream', () => {
  it('names a bad character at its position whether it is in the last 16 characters of a long piece or before them', () => {
    const bulk = 'QUJD'.repeat(100);
    expect(refusal([`${bulk}QU*D`])).toMatchObject({
      code: 32000,
      message: expect.stringContaining("the character '*' at character 403."),
    });
    expect(refusal([`QU*D${bulk}QQ==`])).toMatchObject({ message: expect.stringContaining("the character '*' at character 3.") });
    expect(refusal([`${bulk}QQ=A`])).toMatchObject({
      message: expect.stringContaining("the character 'A' after the padding '=' at character 404."),
    });
    expect(decode([`${bulk}QQ==`])).toEqual(Buffer.concat([Buffer.from('ABC'.repeat(100)), Buffer.from('A')]));
  });

  it('decodes any bytes, cut anywhere, with or without padding and MIME line breaks', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom('padded', 'unpadded', 'lines'),
        (bytes, points, form) => {
          const padded = Buffer.from(bytes).toString('base64');
          const text = form === 'unpadded' ? padded.replace(/=+$/, '') : form === 'lines' ? mimeLines(padded) : padded;
          expect(decode(cut(text, points)).equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('decodes all 256 byte values', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
    expect(decode([all.toString('base64')]).equals(all)).toBe(true);
  });

  it('decodes padding split from its group and whitespace after it', () => {
    expect(decode(['QQ', '=', '=', ' \r\n']).toString()).toBe('A');
    expect(decode(['QUI', '=\n']).toString()).toBe('AB');
  });

  it('holds nothing back but an unfinished group', () => {
    const decoder = new Base64DecodeStream();
    expect(decoder.write('QUJDRA').toString()).toBe('ABC');
    expect(decoder.write('==').toString()).toBe('');
    expect(decoder.end().toString()).toBe('D');
  });

  it.each([
    [['QUJD*RA=='], "the character '*' at character 5"],
    [['QUJD', 'RA', '-_'], "the character '-' at character 7"],
    [['QU\u0001J'], 'the character U+0001 at character 3'],
    [['QUJDRA=', '=QQ'], "the character 'Q' after the padding '=' at character 9"],
    [['Q'], 'a single character in the last group of four at character 1'],
    [['QUJDR'], 'a single character in the last group of four at character 5'],
    [['QUJDR==='], 'a single character in the last group of four at character 6'],
    [['QUJD='], "padding '=' after a complete group of four at character 5"],
    [['QUI=='], "2 padding characters '=' after a group of 3 at character 4"],
  ])('refuses %j: %s', (pieces, what) => {
    expect(refusal(pieces)).toEqual({
      code: 32000,
      message: `The data of the attachment is not valid base64: ${what}. Nothing was changed.`,
    });
  });

  it('names the position of a bad character wherever the text is cut', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), fc.array(fc.nat(), { maxLength: 8 }), (bytes, at, points) => {
        const good = Buffer.from(bytes).toString('base64').replace(/=+$/, '');
        const index = at % good.length;
        const text = `${good.slice(0, index)}!${good.slice(index)}`;
        expect(refusal(cut(text, points)).message).toContain(`the character '!' at character ${index + 1}.`);
      }),
    );
  });

  it('decodes an empty text to no bytes', () => {
    expect(decode(['', ' \n']).length).toBe(0);
  });
});
