import { httpStatusFor } from './http-status';

describe('httpStatusFor', () => {
  it.each([
    [51, 404],
    [101, 404],
    [32614, 404],
    [102, 401],
    [300, 401],
    [304, 401],
    [410, 401],
    [505, 401],
    [306, 400],
    [32000, 400],
    [100, 400],
    [58, 413],
    [100414, 414],
    [100431, 431],
    [100500, 500],
    [100503, 503],
    [100504, 504],
    [12345, 400],
  ])('code %p answers HTTP %p', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });
});
