import { checkLoginName, DEFAULT_EMAIL_REGEXP } from './login-name.rules';
import { checkPassword } from './password.rules';

const emailRegexp = new RegExp(DEFAULT_EMAIL_REGEXP);

describe('login name rules', () => {
  it('accepts and trims a plain address', () => {
    expect(checkLoginName('  ann.o+bugs@mail.example.com ', emailRegexp)).toBe('ann.o+bugs@mail.example.com');
  });

  it.each(['ann', 'ann@localhost', 'ann@@example.com', 'änn@example.com', `${'a'.repeat(120)}@example.com`])(
    'refuses %s with 501',
    (login) => {
      expect(checkLoginName(login, emailRegexp)).toMatchObject({ code: 501 });
    },
  );

  it('asks for a login when it is blank', () => {
    expect(checkLoginName(' ', emailRegexp)).toMatchObject({ code: 32000, message: 'You must enter a login name for the new user.' });
  });
});

describe('password rules', () => {
  it('counts characters, not bytes, against the minimum length', () => {
    expect(checkPassword('äöüß€', { minLength: 6, complexity: 'no_constraints' })).toMatchObject({
      code: 502,
      message: 'The password must be at least 6 characters long.',
    });
    expect(checkPassword('äöüß€x', { minLength: 6, complexity: 'no_constraints' })).toBeNull();
  });

  it.each([
    ['mixed_letters', 'alllower', 'UPPERCASE letter, lowercase letter', 'mixedCase'],
    ['letters_numbers', 'NoDigits', 'UPPERCASE letter, lowercase letter, digit', 'Digits9a'],
    ['letters_numbers_specialchars', 'letters99', 'letter, special character, digit', 'letters9$'],
  ] as const)('%s: refuses %s (305) and accepts %s', (complexity, weak, requirements, strong) => {
    expect(checkPassword(weak, { minLength: 6, complexity })).toMatchObject({
      code: 305,
      message: `The password must contain at least one: ${requirements}.`,
    });
    expect(checkPassword(strong, { minLength: 6, complexity })).toBeNull();
  });
});
