import { extractCredentials } from './credentials';

describe('extractCredentials', () => {
  it.each([['Tracker_api_key'], ['Bugzilla_api_key'], ['api_key']])('finds an API key in the parameter %p and removes it', (name) => {
    expect(extractCredentials({ [name]: 'k1', summary: 's' }, {})).toEqual({
      credentials: { method: 'api_key', apiKey: 'k1' },
      params: { summary: 's' },
    });
  });

  it.each([[{ 'x-tracker-api-key': 'k2' }], [{ 'x-bugzilla-api-key': 'k2' }], [{ authorization: 'Bearer k2' }]])(
    'finds an API key in the headers %p, and headers win over parameters',
    (headers) => {
      expect(extractCredentials({ api_key: 'from-param' }, headers).credentials).toEqual({ method: 'api_key', apiKey: 'k2' });
    },
  );

  it.each([
    [{ Tracker_login: 'a@x', Tracker_password: 'pw' }],
    [{ Bugzilla_login: 'a@x', Bugzilla_password: 'pw' }],
    [{ login: 'a@x', password: 'pw' }],
  ])('finds login and password in %p', (params) => {
    const extracted = extractCredentials({ ...params, id: 1 }, {});
    expect(extracted).toEqual({
      credentials: { method: 'password', login: 'a@x', password: 'pw', restrictToIp: false },
      params: { id: 1 },
    });
  });

  it('takes plain login as a parameter, not a credential, when no password comes with it', () => {
    expect(extractCredentials({ login: 'a@x', token: 't' }, {})).toEqual({
      credentials: { method: 'token', token: 't' },
      params: { login: 'a@x' },
    });
  });

  it('reads Tracker_restrictlogin as a boolean', () => {
    expect(extractCredentials({ Tracker_login: 'a', Tracker_password: 'b', Tracker_restrictlogin: 'True' }, {}).credentials).toEqual({
      method: 'password',
      login: 'a',
      password: 'b',
      restrictToIp: true,
    });
  });

  it.each([[{ Tracker_token: '1-abc' }], [{ Bugzilla_token: '1-abc' }], [{ token: '1-abc' }]])('finds a token in %p', (params) => {
    expect(extractCredentials(params, {}).credentials).toEqual({ method: 'token', token: '1-abc' });
  });

  it('prefers login and password over a token, and a token over an API key', () => {
    expect(extractCredentials({ api_key: 'k', token: 't', login: 'l', password: 'p' }, {}).credentials).toMatchObject({
      method: 'password',
    });
    expect(extractCredentials({ api_key: 'k', token: 't' }, {}).credentials).toMatchObject({ method: 'token' });
  });

  it('removes every credential parameter even when another method wins', () => {
    const { params } = extractCredentials(
      { Bugzilla_api_key: 'k', Tracker_token: 't', Bugzilla_login: 'l', Bugzilla_password: 'p', Bugzilla_restrictlogin: 1, keep: true },
      {},
    );
    expect(params).toEqual({ keep: true });
  });

  it('keeps plain login and password as parameters when the call itself takes them', () => {
    const extracted = extractCredentials({ login: 'a@x', password: 'pw' }, {}, true);
    expect(extracted.params).toEqual({ login: 'a@x', password: 'pw' });
    expect(extracted.credentials).toMatchObject({ method: 'password', login: 'a@x' });
  });

  it('finds nothing in a plain request', () => {
    expect(extractCredentials({ id: 1 }, { accept: 'application/json' })).toEqual({ credentials: null, params: { id: 1 } });
  });
});
