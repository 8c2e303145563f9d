import { ConfigError, EnvReader } from './env-reader';

describe('EnvReader', () => {
  it('returns defaults for unset or empty variables and parses set ones', () => {
    const env = new EnvReader({ PORT: '8080', EMPTY: '', MODE: 'b', FLAG: 'True' });
    const config = env.finish({
      port: env.int('PORT', 3000, { min: 1, max: 65535 }),
      other: env.int('OTHER', 7),
      empty: env.string('EMPTY', 'fallback'),
      mode: env.oneOf('MODE', ['a', 'b'] as const, 'a'),
      flag: env.boolean('FLAG', false),
    });
    expect(config).toEqual({ port: 8080, other: 7, empty: 'fallback', mode: 'b', flag: true });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('tells a variable set to empty from an absent one when asked to', () => {
    const env = new EnvReader({ TAGGERS: '', INSIDERS: ' insiders ' });
    expect(env.stringAllowingEmpty('TAGGERS', 'editbugs')).toBe('');
    expect(env.stringAllowingEmpty('INSIDERS', 'x')).toBe('insiders');
    expect(env.stringAllowingEmpty('ABSENT', 'editbugs')).toBe('editbugs');
  });

  it('reports every bad variable at once', () => {
    const env = new EnvReader({ PORT: 'eighty', MODE: 'c', URL: 'ftp://x', FLAG: 'maybe' });
    env.int('PORT', 3000, { min: 1, max: 65535 });
    env.oneOf('MODE', ['a', 'b'] as const, 'a');
    env.url('URL', 'http://localhost', ['http', 'https']);
    env.boolean('FLAG', false);
    env.requiredString('SECRET', 'when MODE=b');
    env.invalid('LOGIN', 'root', 'is not an e-mail address');
    let error: unknown;
    try {
      env.finish({});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT=eighty is not an integer between 1 and 65535',
      'MODE=c is not one of: a, b',
      'URL=ftp://x must use one of the protocols http, https',
      'FLAG=maybe is not a boolean (true/false)',
      'SECRET is required when MODE=b',
      'LOGIN=root is not an e-mail address',
    ]);
  });
});
