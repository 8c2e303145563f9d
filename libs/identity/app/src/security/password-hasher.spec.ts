import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher';
import { randomAlphanumeric, secretHash } from './secrets';

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else; salts differ', async () => {
    const [first, second] = await Promise.all([hashPassword('Correct-Horse-9'), hashPassword('Correct-Horse-9')]);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
    await expect(verifyPassword('Correct-Horse-9', first)).resolves.toBe(true);
    await expect(verifyPassword('correct-horse-9', first)).resolves.toBe(false);
    await expect(verifyPassword('', first)).resolves.toBe(false);
  });

  it('refuses stored values that are not scrypt hashes', async () => {
    await expect(verifyPassword('x', '*')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$1$2')).resolves.toBe(false);
  });

  it('spends a check on unknown logins without throwing', async () => {
    await expect(burnPasswordCheck('anything')).resolves.toBeUndefined();
  });
});

describe('secrets', () => {
  it('makes letters and digits of the asked length, and hex SHA-256 hashes', () => {
    expect(randomAlphanumeric(40)).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(secretHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
