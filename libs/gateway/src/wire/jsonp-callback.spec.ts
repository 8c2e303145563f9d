import { validateCallback } from './jsonp-callback';

describe('validateCallback', () => {
  it.each([['myCb'], [' a.b[0]_c '], ['jQuery123_456']])('accepts %p', (name) => {
    expect(validateCallback(name)).toBe(name.trim());
  });

  it.each([['alert(1)'], ['a-b'], ['x;y'], [''], ['<script>']])('refuses %p with code 32611', (name) => {
    expect(() => validateCallback(name)).toThrow(expect.objectContaining({ code: 32611 }) as Error);
  });
});
