import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { parseParams } from './parse-params';
import * as param from './param-types';

const failure = (schema: z.ZodType, raw: unknown): { code: number; message: string } => {
  try {
    parseParams(schema, raw);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
};

describe('parameter types', () => {
  const schema = z.object({
    id: param.int(),
    limit: param.optional(param.int()),
    flag: param.optional(param.bool()),
    name: param.optional(param.string()),
    hours: param.optional(param.double()),
    ids: param.optional(param.list(param.int())),
    bugs: param.optional(param.commaList(param.int())),
    since: param.optional(param.datetime()),
  });

  it('coerces what Bugzilla clients send: numbers as strings, booleans as words, single values as lists', () => {
    expect(
      parseParams(schema, {
        id: '42',
        limit: ' 7 ',
        flag: 'True',
        name: 12,
        hours: '1.5',
        ids: '3',
        bugs: ['1,2', 3],
        since: '2026-11-22 10:00:00',
      }),
    ).toEqual({ id: 42, limit: 7, flag: true, name: '12', hours: 1.5, ids: [3], bugs: [1, 2, 3], since: '2026-11-22T10:00:00.000Z' });
  });

  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['False', false],
    ['TRUE', true],
    ['yes', true],
    ['off', false],
  ])('reads the boolean %p as %p', (raw, expected) => {
    expect(parseParams(schema, { id: 1, flag: raw }).flag).toBe(expected);
  });

  it('treats null and absence alike for optional parameters', () => {
    expect(parseParams(schema, { id: 1, limit: null, flag: undefined })).toEqual({ id: 1 });
  });

  it('names a missing required parameter with code 50, in Bugzilla words', () => {
    expect(failure(schema, {})).toEqual({
      code: 50,
      message: 'The function requires a id argument, and that argument was not set.',
    });
    expect(failure(schema, { id: null }).code).toBe(50);
  });

  it.each([['abc'], ['1.5'], [1.5], [{}], [[1]], ['1e3'], ['']])('refuses %p as an integer with code 52', (raw) => {
    expect(failure(schema, { id: raw }).code).toBe(52);
  });

  it("takes integers of 32 bits, as Bugzilla's columns, and refuses larger ones with 54 and smaller with 55", () => {
    expect(parseParams(schema, { id: '2147483647', ids: [-2147483648] })).toMatchObject({ id: 2147483647, ids: [-2147483648] });
    expect(failure(schema, { id: '2147483648' })).toEqual({
      code: 54,
      message: "Invalid parameter 'id': '2147483648' is too large; the largest allowed is 2147483647.",
    });
    expect(failure(schema, { id: '9223372036854775808' })).toEqual({
      code: 54,
      message: "Invalid parameter 'id': '9223372036854775808' is too large; the largest allowed is 2147483647.",
    });
    expect(failure(schema, { id: 1, ids: [1, -2147483649] })).toEqual({
      code: 55,
      message: "Invalid parameter 'ids.1': '-2147483649' is too small; the smallest allowed is -2147483648.",
    });
  });

  it('takes the first value of a single-valued parameter repeated in the query string, and all of a list', () => {
    const query = {
      id: param.repeatedInQuery(['7', '8']),
      flag: param.repeatedInQuery(['1', '0']),
      name: param.repeatedInQuery(['a', 'b']),
      ids: param.repeatedInQuery(['1', '2']),
    };
    expect(parseParams(schema, query)).toEqual({ id: 7, flag: true, name: 'a', ids: [1, 2] });
  });

  it('still refuses a JSON array where one value is expected', () => {
    expect(failure(schema, { id: 1, name: ['a', 'b'] })).toEqual({
      code: 53,
      message: `The 'name' parameter must be a single value, not ["a","b"].`,
    });
  });

  it('refuses a non-number list item with code 52 and names the parameter', () => {
    expect(failure(schema, { id: 1, ids: ['1', 'x'] })).toEqual({
      code: 52,
      message: "Invalid parameter 'ids.1': 'x' is not an integer.",
    });
  });

  it('refuses a word that is no boolean, and an object given as a string, with code 53', () => {
    expect(failure(schema, { id: 1, flag: 'maybe' }).code).toBe(53);
    expect(failure(schema, { id: 1, name: { a: 1 } }).code).toBe(53);
  });

  it.each([
    ['2026-11-22', '2026-11-22T00:00:00.000Z'],
    ['2026-11-22T10:11:12Z', '2026-11-22T10:11:12.000Z'],
    ['2026-11-22T10:11:12+02:00', '2026-11-22T08:11:12.000Z'],
    ['2026-11-22 10:11:12 -0130', '2026-11-22T11:41:12.000Z'],
    ['2026.11.22 10:11', '2026-11-22T10:11:00.000Z'],
  ])('reads the date %p as %p', (raw, expected) => {
    expect(parseParams(schema, { id: 1, since: raw }).since).toBe(expected);
  });

  it.each([['yesterday'], ['2026-02-30'], ['2026-11-22 25:00:00'], [20261122]])('refuses %p as a date with code 56', (raw) => {
    expect(failure(schema, { id: 1, since: raw }).code).toBe(56);
  });
});
