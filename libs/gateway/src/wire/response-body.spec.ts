import { etagMatches, renderBody } from './response-body';
import { JSON_FORMAT } from './response-format';

describe('renderBody', () => {
  it('gives the ETag as the unpadded base64 MD5 of the body followed by its content type', () => {
    // the digests computed apart (Python's hashlib) from the bytes the response carries
    expect(renderBody({ version: '5.2' }, JSON_FORMAT, undefined)).toEqual({
      contentType: 'application/json; charset=UTF-8',
      payload: '{"version":"5.2"}',
      etag: 'V2ybEHz0LsaJCELCh7Aq8Q',
    });
    // UTF-8, not Latin-1: the JSONP body's ü is hashed as two bytes
    expect(renderBody({ s: 'ü' }, JSON_FORMAT, 'cb')).toEqual({
      contentType: 'text/javascript; charset=UTF-8',
      payload: '/**/cb({"s":"ü"})',
      etag: 'ZHycFunm7CvEnrZg9yKA1g',
    });
  });

  it('matches If-None-Match quoted or not, weak, in a list, or *', () => {
    expect(etagMatches('"abc"', 'abc')).toBe(true);
    expect(etagMatches('W/"x", abc', 'abc')).toBe(true);
    expect(etagMatches('*', 'abc')).toBe(true);
    expect(etagMatches('"abd"', 'abc')).toBe(false);
    expect(etagMatches(undefined, 'abc')).toBe(false);
  });
});
