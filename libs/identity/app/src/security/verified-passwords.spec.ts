import { VerifiedPasswords } from './verified-passwords';

describe('VerifiedPasswords', () => {
  it('knows a verified password for the same stored hash only, until it expires', () => {
    const verified = new VerifiedPasswords(10, 1000);
    verified.add('Secret-1', 'scrypt$hash-a', 0);
    expect(verified.has('Secret-1', 'scrypt$hash-a', 999)).toBe(true);
    expect(verified.has('Secret-2', 'scrypt$hash-a', 1)).toBe(false);
    expect(verified.has('Secret-1', 'scrypt$hash-b', 1)).toBe(false); // the password was changed
    expect(verified.has('Secret-1', 'scrypt$hash-a', 1000)).toBe(false);
  });

  it('keeps at most maxEntries, the oldest going first', () => {
    const verified = new VerifiedPasswords(2, 1000);
    verified.add('a', 'h', 0);
    verified.add('b', 'h', 0);
    verified.add('c', 'h', 0);
    expect(['a', 'b', 'c'].map((password) => verified.has(password, 'h', 1))).toEqual([false, true, true]);
  });

  it('keeps no password in clear', () => {
    const verified = new VerifiedPasswords(10, 1000);
    verified.add('Secret-1', 'scrypt$hash-a', 0);
    expect(JSON.stringify([...(verified as unknown as { seen: Map<string, number> }).seen.keys()])).not.toContain('Secret-1');
  });
});
