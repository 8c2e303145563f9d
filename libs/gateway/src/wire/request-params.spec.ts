import { param } from '@tracker/contracts';
import { dropUnsafeKeys, mergeParams, parseBody, parseQuery } from './request-params';

describe('request parameters', () => {
  it('makes a repeated query parameter an array and keeps single ones scalar', () => {
    expect(parseQuery('ids=1&ids=2&name=x%20y&empty=')).toEqual({ ids: ['1', '2'], name: 'x y', empty: '' });
  });

  it('marks a repeated query parameter, so that a single-valued one takes its first value, and keeps the mark', () => {
    const query = parseQuery('limit=5&limit=6&id=1');
    expect(param.isRepeatedInQuery(query['limit'])).toBe(true);
    expect(param.isRepeatedInQuery(query['id'])).toBe(false);
    expect(param.isRepeatedInQuery(dropUnsafeKeys(query)['limit'])).toBe(true);
    expect(param.isRepeatedInQuery(parseBody('application/json', '{"limit":["5","6"]}')['limit'])).toBe(false);
  });

  it('keeps `__proto__` a plain key of the query parameters (refused later), never the prototype', () => {
    const query = parseQuery('__proto__=x&a=1');
    expect(Object.keys(query)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
  });

  it('parses JSON bodies whatever the text content type, and form bodies as parameters', () => {
    expect(parseBody('application/json; charset=utf-8', '{"a":[1,{"b":true}]}')).toEqual({ a: [1, { b: true }] });
    expect(parseBody('text/plain', '{"a":1}')).toEqual({ a: 1 });
    expect(parseBody(undefined, '{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('application/x-www-form-urlencoded', 'summary=form+encoded&cc=a&cc=b')).toEqual({
      summary: 'form encoded',
      cc: ['a', 'b'],
    });
  });

  it('treats an empty or blank body as no parameters', () => {
    expect(parseBody('application/json', '')).toEqual({});
    expect(parseBody('application/json', '  \n')).toEqual({});
    expect(parseBody('application/json', undefined)).toEqual({});
  });

  it('refuses malformed JSON and non-object JSON with code 32000', () => {
    expect(() => parseBody('application/json', '{"product": "x", ')).toThrow(
      expect.objectContaining({ code: 32000, message: expect.stringMatching(/^Could not parse the request body as valid JSON/) }) as Error,
    );
    expect(() => parseBody('application/json', '[1,2]')).toThrow(expect.objectContaining({ code: 32000 }) as Error);
    expect(() => parseBody('application/json', 'null')).toThrow(expect.objectContaining({ code: 32000 }) as Error);
  });

  it('refuses bodies in other media types with code 32613', () => {
    expect(() => parseBody('application/xml', '<a/>')).toThrow(expect.objectContaining({ code: 32613 }) as Error);
    expect(() => parseBody('multipart/form-data; boundary=x', '--x')).toThrow(expect.objectContaining({ code: 32613 }) as Error);
  });

  it('lets the query string override the body', () => {
    expect(mergeParams({ whiteboard: 'fromquery' }, { whiteboard: 'frombody', summary: 's' })).toEqual({
      whiteboard: 'fromquery',
      summary: 's',
    });
  });

  it('drops keys that are not plain names, at every depth', () => {
    expect(dropUnsafeKeys({ ok: 1, 'a.b-c_d': 2, 'bad key': 3, $where: 4, nested: { fine: [{ 'x y': 1, y: 2 }] } })).toEqual({
      ok: 1,
      'a.b-c_d': 2,
      nested: { fine: [{ y: 2 }] },
    });
  });
});
